// The build writes these modules into build/generated/ (see src/build-site.ts).
declare module '@generated/extensions' {
  /** A lazy import of every bundled extension module, by import specifier. */
  export const loaders: Record<string, () => Promise<unknown>>;
}
declare module '@generated/lab/style.js';
declare module '@generated/notebook/style.js';
