// The build writes this module (build/<page>/generated/extensions.js): a lazy import per
// extension package of the page, so the bundler sees each one.
declare module '@generated/extensions' {
  export const loaders: Record<string, () => Promise<unknown>>;
  export const extensions: string[];
  export const mimeExtensions: string[];
}
