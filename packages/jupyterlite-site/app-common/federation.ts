/** One entry of the page config's `federated_extensions`, as jupyterlab_server lists them. */
export interface FederatedExtension {
  name: string;
  /** The container script (`static/remoteEntry.<hash>.js`), relative to the extension's folder. */
  load: string;
  extension?: string;
  mimeExtension?: string;
  style?: string;
}

/** A prebuilt extension's module federation container, set by its container script. */
export interface Container {
  init(shareScope: unknown): Promise<void>;
  get(module: string): Promise<() => unknown>;
}

declare global {
  interface Window {
    // The prebuilt extensions' containers register here: their builds name this global.
    _JUPYTERLAB?: Record<string, Container>;
    jupyterapp?: unknown;
  }
}
