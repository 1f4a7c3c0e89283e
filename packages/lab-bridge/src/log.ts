/**
 * The bridge's lines in the browser console.
 */
export const log = {
  info: (message: string) => console.info(`[jupyter-live-mcp] ${message}`),
  warn: (message: string) => console.warn(`[jupyter-live-mcp] ${message}`)
};
