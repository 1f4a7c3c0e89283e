/**
 * schema/plugin.json, what JupyterLab's Settings Editor shows and checks, made
 * from the settings schema (protocol's bridge-settings.ts) and the settings-tool shape
 * (catalogue/settings-tools.ts). The bridge's build writes it; a unit test
 * fails when the committed file is stale.
 */
import { describedBridgeSettings, plainJsonSchema } from '@jupyter-live-mcp/protocol';
import { settingsToolShape } from '../catalogue/settings-tools.js';

/** The text of schema/plugin.json. */
export function pluginSchemaText(): string {
  return `${JSON.stringify(pluginSchema(), null, 2)}\n`;
}

function pluginSchema(): Record<string, unknown> {
  const { type, properties = {}, ...rest } = plainJsonSchema(describedBridgeSettings());
  const settings = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, inReadingOrder(property)]));
  return {
    title: 'Agent bridge (jupyter-live-mcp)',
    description: 'Connects this page to a jupyter-live-mcp server so an AI agent (through MCP) can work in it. Changes apply at once.',
    'jupyter.lab.setting-icon-label': 'Agent bridge',
    type,
    properties: { ...settings, tools: { ...settings.tools, items: plainJsonSchema(settingsToolShape) } },
    ...rest
  };
}

/** Title and description first, the default last, as a person reads a setting. */
function inReadingOrder({ title, description, default: value, ...rest }: Record<string, unknown>): Record<string, unknown> {
  return { title, description, ...rest, default: value };
}
