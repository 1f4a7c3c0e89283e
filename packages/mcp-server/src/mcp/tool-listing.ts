/**
 * What tools/list answers (SPEC §7): the current page's tools, or the default
 * catalogue before a page has connected, then the server's own tools, within
 * a budget; each as an MCP tool: the annotations carry the title and the R/C/U hints,
 * and, as MCP has no consequential or untrusted-content hint yet, `_meta` the
 * three raw hints (and the command).
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { BUILT_IN_TOOLS, commandToolDescriptor, DEFAULT_TOOLS, listedInputSchema, type ToolDescriptor } from '@jupyter-live-mcp/protocol';
import type { PageSession } from '../hub/page-session.js';
import type { Logger } from '../log.js';
import { SERVER_TOOLS } from './server-tools.js';

/** The `_meta` key that carries the raw hints. */
export const HINTS_META_KEY = 'jupyter-live-mcp/hints';

/**
 * What the server lists before any page has connected: many clients never
 * refresh their tool list, so they must see the tools from the start.
 */
export const DEFAULT_CATALOGUE: readonly ToolDescriptor[] = [
  ...BUILT_IN_TOOLS,
  ...DEFAULT_TOOLS.map((tool) => commandToolDescriptor(tool))
];

/**
 * The most a tools/list answer takes. The SDK's stdio client reads at most
 * 10 MiB a message and ends the whole session on a bigger one, and an agent
 * reads the list into its context, where 1 MiB (some 1,300 tools the size of
 * the default ones) is already more than it can use.
 */
export const LIST_BUDGET_BYTES = 1024 * 1024;

/** The JSON-RPC envelope around the list, generously. */
const ENVELOPE_BYTES = 256;

/** How many left-out names get_context gives and the log shows. */
const NAMES_SHOWN = { note: 50, log: 10 };

export interface ToolListing {
  /** What tools/list shows: the page's tools that fit, in catalogue order, then the server's own. */
  tools: ToolDescriptor[];
  /** How many tools the page offers. */
  offered: number;
  /** The page's tools left out, by name: over the budget, or not writable as JSON. They still run when called by name. */
  leftOut: string[];
}

// A page sends a new array with each catalogue: one fitting per catalogue.
const listings = new WeakMap<readonly ToolDescriptor[], ToolListing>();

/** The listing while `page` is the current page (none connected: undefined). */
export function toolListing(page: PageSession | undefined): ToolListing {
  const catalogue = page?.tools ?? DEFAULT_CATALOGUE;
  let listing = listings.get(catalogue);
  if (!listing) {
    listing = fitListing(catalogue);
    listings.set(catalogue, listing);
  }
  return listing;
}

export function listedTools(page: PageSession | undefined): ToolDescriptor[] {
  return toolListing(page).tools;
}

/**
 * The catalogue as listed within `budget` bytes, each name once: a server tool
 * wins over a page tool of its name, as it does when called, and of a page's
 * tools with one name the first is listed. Each page tool that still fits is
 * listed, in catalogue order. Pure.
 */
export function fitListing(catalogue: readonly ToolDescriptor[], budget = LIST_BUDGET_BYTES): ToolListing {
  const own = SERVER_TOOLS.map((tool) => tool.descriptor);
  const names = new Set(own.map((tool) => tool.name));
  let room = own.reduce((left, tool) => left - (listedBytes(tool) ?? 0), budget - ENVELOPE_BYTES);
  const tools: ToolDescriptor[] = [];
  const leftOut: string[] = [];
  for (const tool of catalogue) {
    if (names.has(tool.name)) {
      continue;
    }
    names.add(tool.name);
    const bytes = listedBytes(tool);
    if (bytes === undefined || bytes > room) {
      leftOut.push(tool.name);
      continue;
    }
    room -= bytes;
    tools.push(tool);
  }
  return { tools: [...tools, ...own], offered: catalogue.length, leftOut };
}

/** A tool's share of the answer, its comma included; undefined if it cannot be written as JSON (nested too deep). */
function listedBytes(tool: ToolDescriptor): number | undefined {
  try {
    return Buffer.byteLength(JSON.stringify(toMcpTool(tool))) + 1;
  } catch {
    return undefined;
  }
}

const WHY_LEFT_OUT = `the list is kept under ${LIST_BUDGET_BYTES / 1024 / 1024} MiB (or their schema cannot be written as JSON)`;

/** What get_context tells the agent of the tools it cannot see in the list, if any. */
export function unlistedTools({ leftOut }: ToolListing): { count: number; names: string[]; note: string } | undefined {
  if (!leftOut.length) {
    return undefined;
  }
  return {
    count: leftOut.length,
    names: leftOut.slice(0, NAMES_SHOWN.note),
    note:
      `${leftOut.length} of this page's tools are not in tools/list: ${WHY_LEFT_OUT}. They still run when called by name, ` +
      'and execute_command runs the JupyterLab command behind one (list_all_commands finds it).'
  };
}

const reported = new WeakSet<ToolListing>();

/** Says in the log, once per catalogue, which of the page's tools the list leaves out. */
export function reportLeftOut(listing: ToolListing, page: PageSession | undefined, log: Logger): void {
  if (!listing.leftOut.length || reported.has(listing)) {
    return;
  }
  reported.add(listing);
  const shown = listing.leftOut.slice(0, NAMES_SHOWN.log).join(', ');
  log.warn(
    `page ${page?.label}: tools/list leaves out ${listing.leftOut.length} of its ${listing.offered} tools ` +
      `(${shown}${listing.leftOut.length > NAMES_SHOWN.log ? ', …' : ''}): ${WHY_LEFT_OUT}; they still run when called by name`
  );
}

export function isListedByDefault(name: string): boolean {
  return DEFAULT_CATALOGUE.some((tool) => tool.name === name);
}

export function toMcpTool(tool: ToolDescriptor): Tool {
  const { readOnlyHint, consequentialHint, untrustedContentHint } = tool.hints;
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: listedInputSchema(tool.inputSchema),
    // The title once, where SPEC §7 puts it: clients show annotations.title when a tool has no top-level title (MCP's display-name order).
    annotations: {
      ...(tool.title ? { title: tool.title } : {}),
      readOnlyHint,
      // Only consequential writes are destructive: add_cell writes but is not.
      destructiveHint: !readOnlyHint && consequentialHint,
      openWorldHint: untrustedContentHint
    },
    _meta: {
      [HINTS_META_KEY]: {
        ...tool.hints,
        ...(tool.command ? { command: tool.command } : {})
      }
    }
  };
}
