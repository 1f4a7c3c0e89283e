// Which plugins Notebook 7 loads on which page, after Jupyter Notebook 7's own app
// (its app/package.json "jupyterlab.plugins", the 7.4-7.6 lists): every page loads
// "/" plus the plugins of its own page. `true` takes every plugin a package exports,
// a list only those ids; the app logs an error for a listed id a package lacks.
// Each /notebooks/<path> tab is its own app instance: the notebook page has no file
// browser, the tree page no notebook tools.
//
// Left out of the upstream lists: @jupyter-notebook/documentsearch-extension and
// @jupyter-notebook/terminal-extension (published only as 7.7 alphas),
// @jupyterlab/extensionmanager-extension (its server endpoints come with the
// `jupyterlab` Python package, which Debian lacks), and two ids JupyterLab 4.6.4 no
// longer has (application-extension:top-spacer, filebrowser-extension:search).
export type PluginSelection = Record<string, true | string[]>;

export const pagePlugins: Record<string, PluginSelection> = {
  '/': {
    '@jupyter-notebook/application-extension': true,
    '@jupyter-notebook/console-extension': true,
    '@jupyter-notebook/docmanager-extension': true,
    '@jupyter-notebook/help-extension': true,
    '@jupyter-notebook/notebook-extension': true,
    '@jupyterlab/application-extension': [
      '@jupyterlab/application-extension:commands',
      '@jupyterlab/application-extension:context-menu',
      '@jupyterlab/application-extension:faviconbusy',
      '@jupyterlab/application-extension:router',
      '@jupyterlab/application-extension:top-bar'
    ],
    '@jupyterlab/apputils-extension': [
      '@jupyterlab/apputils-extension:kernels-settings',
      '@jupyterlab/apputils-extension:palette',
      '@jupyterlab/apputils-extension:notification',
      '@jupyterlab/apputils-extension:sanitizer',
      '@jupyterlab/apputils-extension:sessionDialogs',
      '@jupyterlab/apputils-extension:settings',
      '@jupyterlab/apputils-extension:state',
      '@jupyterlab/apputils-extension:themes',
      '@jupyterlab/apputils-extension:themes-palette-menu',
      '@jupyterlab/apputils-extension:toolbar-registry',
      '@jupyterlab/apputils-extension:utilityCommands'
    ],
    '@jupyterlab/codemirror-extension': true,
    '@jupyterlab/completer-extension': [
      '@jupyterlab/completer-extension:base-service',
      '@jupyterlab/completer-extension:inline-completer',
      '@jupyterlab/completer-extension:inline-completer-factory',
      '@jupyterlab/completer-extension:inline-history',
      '@jupyterlab/completer-extension:manager'
    ],
    '@jupyterlab/console-extension': [
      '@jupyterlab/console-extension:cell-executor',
      '@jupyterlab/console-extension:completer',
      '@jupyterlab/console-extension:factory',
      '@jupyterlab/console-extension:foreign',
      '@jupyterlab/console-extension:tracker'
    ],
    '@jupyterlab/csvviewer-extension': true,
    '@jupyterlab/docmanager-extension': [
      '@jupyterlab/docmanager-extension:plugin',
      '@jupyterlab/docmanager-extension:download',
      '@jupyterlab/docmanager-extension:contexts',
      '@jupyterlab/docmanager-extension:manager'
    ],
    '@jupyterlab/documentsearch-extension': ['@jupyterlab/documentsearch-extension:plugin'],
    '@jupyterlab/filebrowser-extension': [
      '@jupyterlab/filebrowser-extension:factory',
      '@jupyterlab/filebrowser-extension:default-file-browser'
    ],
    '@jupyterlab/fileeditor-extension': ['@jupyterlab/fileeditor-extension:plugin', '@jupyterlab/fileeditor-extension:widget-factory'],
    '@jupyterlab/help-extension': ['@jupyterlab/help-extension:resources'],
    '@jupyterlab/htmlviewer-extension': true,
    '@jupyterlab/imageviewer-extension': true,
    '@jupyterlab/lsp-extension': true,
    '@jupyterlab/mainmenu-extension': ['@jupyterlab/mainmenu-extension:plugin'],
    '@jupyterlab/markedparser-extension': true,
    '@jupyterlab/mathjax-extension': true,
    '@jupyterlab/mermaid-extension': true,
    '@jupyterlab/notebook-extension': [
      '@jupyterlab/notebook-extension:cell-executor',
      '@jupyterlab/notebook-extension:code-console',
      '@jupyterlab/notebook-extension:export',
      '@jupyterlab/notebook-extension:factory',
      '@jupyterlab/notebook-extension:tracker',
      '@jupyterlab/notebook-extension:widget-factory'
    ],
    '@jupyterlab/pluginmanager-extension': true,
    '@jupyterlab/services-extension': true,
    '@jupyterlab/shortcuts-extension': true,
    '@jupyterlab/terminal-extension': true,
    '@jupyterlab/theme-light-extension': true,
    '@jupyterlab/theme-dark-extension': true,
    '@jupyterlab/theme-dark-high-contrast-extension': true,
    '@jupyterlab/translation-extension': true,
    '@jupyterlab/ui-components-extension': true,
    '@jupyterlab/hub-extension': true
  },
  '/tree': {
    '@jupyterlab/filebrowser-extension': [
      '@jupyterlab/filebrowser-extension:browser',
      '@jupyterlab/filebrowser-extension:download',
      '@jupyterlab/filebrowser-extension:file-upload-status',
      '@jupyterlab/filebrowser-extension:open-with',
      '@jupyterlab/filebrowser-extension:share-file'
    ],
    '@jupyter-notebook/tree-extension': true,
    '@jupyterlab/running-extension': ['@jupyterlab/running-extension:plugin'],
    '@jupyterlab/settingeditor-extension': true
  },
  '/notebooks': {
    '@jupyterlab/celltags-extension': true,
    '@jupyterlab/cell-toolbar-extension': true,
    '@jupyterlab/debugger-extension': [
      '@jupyterlab/debugger-extension:config',
      '@jupyterlab/debugger-extension:main',
      '@jupyterlab/debugger-extension:notebooks',
      '@jupyterlab/debugger-extension:service',
      '@jupyterlab/debugger-extension:sidebar',
      '@jupyterlab/debugger-extension:sources'
    ],
    '@jupyterlab/logconsole-extension': true,
    '@jupyterlab/metadataform-extension': true,
    '@jupyterlab/notebook-extension': [
      '@jupyterlab/notebook-extension:active-cell-tool',
      '@jupyterlab/notebook-extension:completer',
      '@jupyterlab/notebook-extension:copy-output',
      '@jupyterlab/notebook-extension:metadata-editor',
      '@jupyterlab/notebook-extension:search',
      '@jupyterlab/notebook-extension:toc',
      '@jupyterlab/notebook-extension:tools',
      '@jupyterlab/notebook-extension:update-raw-mimetype'
    ],
    '@jupyterlab/toc-extension': ['@jupyterlab/toc-extension:registry', '@jupyterlab/toc-extension:tracker'],
    '@jupyterlab/tooltip-extension': ['@jupyterlab/tooltip-extension:manager', '@jupyterlab/tooltip-extension:notebooks']
  },
  '/consoles': {
    '@jupyterlab/tooltip-extension': ['@jupyterlab/tooltip-extension:manager', '@jupyterlab/tooltip-extension:consoles']
  },
  '/edit': {
    '@jupyterlab/fileeditor-extension': ['@jupyterlab/fileeditor-extension:completer', '@jupyterlab/fileeditor-extension:search'],
    '@jupyterlab/markdownviewer-extension': true
  }
};

/** Renderers for outputs and files, on every page. */
export const mimeExtensions = [
  '@jupyterlab/javascript-extension',
  '@jupyterlab/json-extension',
  '@jupyterlab/pdf-extension',
  '@jupyterlab/vega5-extension'
];
