// The build writes this module (build/generated/core-extensions.js) from
// @jupyterlab/core-meta's list of JupyterLab's own extensions.
declare module '@generated/core-extensions' {
  export interface CoreExtension {
    name: string;
    load(): Promise<unknown>;
  }
  export const extensions: CoreExtension[];
  export const mimeExtensions: CoreExtension[];
}
