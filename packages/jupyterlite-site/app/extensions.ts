// Which extension packages each UI of the site is assembled from. Plain data: the
// build reads it to write the bundle's import list (and collect styles and settings
// schemas), the pages read it to pick their plugins.

/** The plugins an extension contributes to a page: all of them, or only these ids. */
export type PluginSelection = true | readonly string[];

/**
 * The Lab UI: JupyterLab 4.6's own extensions, less those that need a Jupyter server
 * (extension manager, hub, terminals) and the debugger (the JavaScript kernel has
 * none, and JupyterLab 4.6's debugger then throws "No active debugger session" after
 * every cell run), plus JupyterLite's in-browser services and the JavaScript kernel.
 * Plugins that JupyterLite replaces are disabled in jupyter-lite.json.
 */
export const labExtensions: readonly string[] = [
  '@jupyterlab/application-extension',
  '@jupyterlab/apputils-extension',
  '@jupyterlab/audio-extension',
  '@jupyterlab/cell-toolbar-extension',
  '@jupyterlab/celltags-extension',
  '@jupyterlab/codemirror-extension',
  '@jupyterlab/completer-extension',
  '@jupyterlab/console-extension',
  '@jupyterlab/csvviewer-extension',
  '@jupyterlab/docmanager-extension',
  '@jupyterlab/documentsearch-extension',
  '@jupyterlab/filebrowser-extension',
  '@jupyterlab/fileeditor-extension',
  '@jupyterlab/help-extension',
  '@jupyterlab/htmlviewer-extension',
  '@jupyterlab/imageviewer-extension',
  '@jupyterlab/inspector-extension',
  '@jupyterlab/launcher-extension',
  '@jupyterlab/logconsole-extension',
  '@jupyterlab/lsp-extension',
  '@jupyterlab/mainmenu-extension',
  '@jupyterlab/markdownviewer-extension',
  '@jupyterlab/markedparser-extension',
  '@jupyterlab/mathjax-extension',
  '@jupyterlab/mermaid-extension',
  '@jupyterlab/metadataform-extension',
  '@jupyterlab/notebook-extension',
  '@jupyterlab/pluginmanager-extension',
  '@jupyterlab/rendermime-extension',
  '@jupyterlab/running-extension',
  '@jupyterlab/services-extension',
  '@jupyterlab/settingeditor-extension',
  '@jupyterlab/shortcuts-extension',
  '@jupyterlab/statusbar-extension',
  '@jupyterlab/theme-dark-extension',
  '@jupyterlab/theme-dark-high-contrast-extension',
  '@jupyterlab/theme-light-extension',
  '@jupyterlab/toc-extension',
  '@jupyterlab/tooltip-extension',
  '@jupyterlab/translation-extension',
  '@jupyterlab/ui-components-extension',
  '@jupyterlab/video-extension',
  '@jupyterlab/workspaces-extension',
  '@jupyterlite/application-extension',
  '@jupyterlite/apputils-extension',
  '@jupyterlite/services-extension',
  '@jupyterlite/javascript-kernel-extension'
];

/** Output renderers, the same in both UIs: package -> module inside it ('' for its main). */
export const mimeExtensions: Readonly<Record<string, string>> = {
  '@jupyterlab/javascript-extension': '',
  '@jupyterlab/json-extension': '',
  '@jupyterlab/mermaid-extension': 'lib/mime.js',
  '@jupyterlab/pdf-extension': '',
  '@jupyterlab/vega5-extension': ''
};

/** The Notebook UI's pages; each is a folder of the site with its own index.html. */
export const notebookPages = ['tree', 'notebooks', 'edit', 'consoles'] as const;
export type NotebookPage = (typeof notebookPages)[number];

const plugins = (extension: string, names: string[]): readonly string[] => names.map((name) => `${extension}:${name}`);

/**
 * The Notebook UI loads, as Jupyter Notebook 7 does, a common set of plugins on every
 * page ('/') and a few more on each page: a JupyterLab plugin that expects the Lab
 * shell or a file browser would otherwise fail or clutter the page. The keys and the
 * layout follow Notebook's own `allPlugins` page option, which its tree page reads.
 */
export const notebookPlugins: Readonly<Record<'/' | `/${NotebookPage}`, Record<string, PluginSelection>>> = {
  '/': {
    '@jupyter-notebook/application-extension': true,
    '@jupyter-notebook/console-extension': true,
    '@jupyter-notebook/docmanager-extension': true,
    '@jupyter-notebook/help-extension': true,
    '@jupyter-notebook/notebook-extension': true,
    '@jupyterlab/application-extension': plugins('@jupyterlab/application-extension', [
      'commands',
      'context-menu',
      'faviconbusy',
      'top-bar'
    ]),
    '@jupyterlab/apputils-extension': plugins('@jupyterlab/apputils-extension', [
      'kernels-settings',
      'notification',
      'palette',
      'sanitizer',
      'sessionDialogs',
      'settings',
      'settings-connector',
      'state',
      'themes',
      'themes-palette-menu',
      'toolbar-registry',
      'utilityCommands'
    ]),
    '@jupyterlab/codemirror-extension': true,
    '@jupyterlab/completer-extension': true,
    '@jupyterlab/console-extension': plugins('@jupyterlab/console-extension', [
      'cell-executor',
      'completer',
      'factory',
      'foreign',
      'tracker'
    ]),
    '@jupyterlab/docmanager-extension': plugins('@jupyterlab/docmanager-extension', [
      'plugin',
      'contexts',
      'dialogs',
      'manager',
      'recents'
    ]),
    '@jupyterlab/documentsearch-extension': plugins('@jupyterlab/documentsearch-extension', ['plugin']),
    '@jupyterlab/filebrowser-extension': plugins('@jupyterlab/filebrowser-extension', ['default-file-browser', 'factory', 'settings']),
    '@jupyterlab/fileeditor-extension': plugins('@jupyterlab/fileeditor-extension', ['plugin', 'widget-factory']),
    '@jupyterlab/help-extension': plugins('@jupyterlab/help-extension', ['resources']),
    '@jupyterlab/htmlviewer-extension': true,
    '@jupyterlab/imageviewer-extension': true,
    '@jupyterlab/lsp-extension': true,
    '@jupyterlab/mainmenu-extension': true,
    '@jupyterlab/markedparser-extension': true,
    '@jupyterlab/mathjax-extension': true,
    '@jupyterlab/mermaid-extension': true,
    '@jupyterlab/notebook-extension': plugins('@jupyterlab/notebook-extension', [
      'cell-executor',
      'code-console',
      'export',
      'factory',
      'tracker',
      'widget-factory'
    ]),
    // (@jupyterlab/rendermime-extension is left out: Notebook's application-extension
    // provides the rendermime registry, opening local links in new browser tabs.)
    '@jupyterlab/services-extension': true,
    '@jupyterlab/shortcuts-extension': true,
    '@jupyterlab/theme-dark-extension': true,
    '@jupyterlab/theme-dark-high-contrast-extension': true,
    '@jupyterlab/theme-light-extension': true,
    '@jupyterlab/toc-extension': plugins('@jupyterlab/toc-extension', ['registry', 'tracker']),
    '@jupyterlab/translation-extension': true,
    '@jupyterlab/ui-components-extension': true,
    '@jupyterlite/application-extension': true,
    '@jupyterlite/apputils-extension': true,
    '@jupyterlite/javascript-kernel-extension': true,
    '@jupyterlite/notebook-application-extension': true,
    '@jupyterlite/services-extension': true
  },
  '/tree': {
    '@jupyter-notebook/tree-extension': true,
    '@jupyterlab/filebrowser-extension': plugins('@jupyterlab/filebrowser-extension', [
      'browser',
      'download',
      'file-upload-status',
      'open-with',
      'share-file'
    ]),
    '@jupyterlab/running-extension': true,
    '@jupyterlab/settingeditor-extension': true
  },
  '/notebooks': {
    '@jupyterlab/cell-toolbar-extension': true,
    '@jupyterlab/celltags-extension': true,
    '@jupyterlab/metadataform-extension': true,
    '@jupyterlab/notebook-extension': plugins('@jupyterlab/notebook-extension', [
      'active-cell-tool',
      'completer',
      'copy-output',
      'language-server',
      'log-output',
      'metadata-editor',
      'search',
      'toc',
      'tools',
      'update-raw-mimetype'
    ]),
    '@jupyterlab/tooltip-extension': plugins('@jupyterlab/tooltip-extension', ['manager', 'notebooks'])
  },
  '/edit': {
    '@jupyterlab/filebrowser-extension': plugins('@jupyterlab/filebrowser-extension', ['browser']),
    '@jupyterlab/fileeditor-extension': plugins('@jupyterlab/fileeditor-extension', ['completer', 'language-server', 'search']),
    '@jupyterlab/tooltip-extension': plugins('@jupyterlab/tooltip-extension', ['manager', 'files'])
  },
  '/consoles': {
    '@jupyterlab/tooltip-extension': plugins('@jupyterlab/tooltip-extension', ['manager', 'consoles'])
  }
};

/** The extension packages some page of the Notebook UI takes plugins from. */
export function notebookExtensions(): string[] {
  return [...new Set(Object.values(notebookPlugins).flatMap((page) => Object.keys(page)))].sort();
}

/** Every extension package the site bundles, for the build. */
export function allExtensionPackages(): string[] {
  return [...new Set([...labExtensions, ...notebookExtensions()])].sort();
}
