// The build writes this module (build/generated/extensions.js): a lazy import per
// package named in plugins.ts, so the bundler sees each one.
declare module '@generated/extensions' {
  export const loaders: Record<string, () => Promise<unknown>>;
}
