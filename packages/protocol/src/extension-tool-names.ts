/**
 * The names of the tools other JupyterLab extensions contribute (SPEC §2.3c,
 * extension-tools.ts): where a plugin declares them, the name the agent sees,
 * and the id its handler is registered under. No zod here: the bridge's chunk
 * that matches declarations with handlers imports this, and a chunk loaded
 * later that imports zod keeps zod's modules out of the bridge's concatenated
 * module (about 1 kB gzip).
 */

/** The key of a plugin's settings schema (schema/<plugin>.json) that lists its tools. */
export const EXTENSION_TOOLS_KEY = 'jupyter-live-mcp:tools';

/**
 * The longest tool name the page offers for an extension tool. MCP allows 128,
 * but several model APIs take at most 64 characters of [a-zA-Z0-9_-].
 */
export const MAX_EXTENSION_TOOL_NAME = 64;

/** The separator between the plugin's short name and the tool's id: no built-in or default tool name has it. */
export const EXTENSION_TOOL_SEPARATOR = '__';

/**
 * A plugin id's short form in tool names: the package without its npm scope,
 * then the plugin's own name unless it is the conventional `plugin`, in lower
 * case with every run of other characters as one `_`:
 * `@my-org/weather-ext:plugin` → `weather_ext`, `weather-ext:maps` →
 * `weather_ext_maps`. One that would not start with a letter gets `ext_` before it.
 */
export function pluginShortName(pluginId: string): string {
  const unscoped = pluginId.replace(/^@[^/]*\//, '').replace(/:plugin$/, '');
  const short = unscoped
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    // A run is one _ by now.
    .replace(/^_|_$/g, '');
  return /^[a-z]/.test(short) ? short : `ext_${short}`;
}

/**
 * The name the agent sees: `<plugin short name>__<id>`, the short name cut so
 * the whole stays within MAX_EXTENSION_TOOL_NAME.
 */
export function extensionToolName(pluginId: string, id: string): string {
  const room = MAX_EXTENSION_TOOL_NAME - EXTENSION_TOOL_SEPARATOR.length - id.length;
  // The short name has no run of _ to end with.
  const short = pluginShortName(pluginId).slice(0, room).replace(/_$/, '');
  return `${short}${EXTENSION_TOOL_SEPARATOR}${id}`;
}

/** What a plugin passes to registerTool for a tool it declares. */
export function registrationId(pluginId: string, id: string): string {
  return `${pluginId}:${id}`;
}

/** The plugin and tool a registration id names (the tool id is after the last colon), or undefined. */
export function parseRegistrationId(registration: string): { pluginId: string; id: string } | undefined {
  const at = registration.lastIndexOf(':');
  if (at <= 0) {
    return undefined;
  }
  return { pluginId: registration.slice(0, at), id: registration.slice(at + 1) };
}
