/**
 * One tools/call, from the MCP request to its answer (SPEC §7):
 *
 *   route   a server tool runs here; a page tool goes to the current page; a
 *           listed tool nobody can run now is refused with why; any other name
 *           is a JSON-RPC error, as MCP says
 *   call    the page runs it, with progress to a client that asked for it
 *   map     the result is completed as the tool's definition asks (reportsPages)
 *   budget  the answer is kept within one MCP message (result-mapping.ts)
 *
 * Nothing here depends on a tool's name beyond finding its definition.
 */
import type { CallToolResult, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { builtInTool, fail, type ToolFailure, type ToolResult } from '@jupyter-live-mcp/protocol';
import type { Logger } from '../log.js';
import type { CallOutcome, PageSession } from '../hub/page-session.js';
import { reportProgress } from './call-progress.js';
import { toCallToolResult } from './result-mapping.js';
import { describePage } from './select-page.js';
import { serverTool, type ServerTool, type ServerToolContext } from './server-tools.js';
import { isListedByDefault, toolListing, unlistedTools } from './tool-listing.js';

export interface ToolCall {
  name: string;
  args: Record<string, unknown>;
}

/** The MCP session a call belongs to. */
export interface CallSession extends ServerToolContext {
  log: Logger;
  /** Where pages connect; named in errors so the person knows what to check. */
  bridgeUrl: string;
}

/** What the SDK gives one request. */
export interface CallRequest {
  signal: AbortSignal;
  progressToken?: string | number;
  sendNotification(notification: ServerNotification): Promise<void>;
}

export type Route = { kind: 'server'; tool: ServerTool } | { kind: 'page'; page: PageSession } | { kind: 'refused'; result: ToolFailure };

export async function runToolCall(call: ToolCall, session: CallSession, request: CallRequest): Promise<CallToolResult> {
  const route = routeCall(call.name, session);
  switch (route.kind) {
    case 'server':
      return toCallToolResult(route.tool.run(call.args, session));
    case 'refused':
      return toCallToolResult(route.result);
    case 'page': {
      const { result, images } = await callPage(route.page, call, request, session.log);
      return toCallToolResult(mapResult(call.name, result, route.page, session.router.pages()), images);
    }
  }
}

/** Where a call goes. Throws the JSON-RPC error for a tool that is not listed. */
export function routeCall(name: string, { router, selection, bridgeUrl }: Pick<CallSession, 'router' | 'selection' | 'bridgeUrl'>): Route {
  const tool = serverTool(name);
  if (tool) {
    return { kind: 'server', tool };
  }
  const page = router.current(selection.pageId);
  if (page?.tools.some((listed) => listed.name === name)) {
    return { kind: 'page', page };
  }
  if (!isListedByDefault(name)) {
    throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${name}". Call tools/list for the tools this server offers.`);
  }
  return {
    kind: 'refused',
    result: page ? fail('unknown_tool', missingToolReason(name, page)) : fail('no_page', noPageReason(name, bridgeUrl))
  };
}

async function callPage(page: PageSession, { name, args }: ToolCall, request: CallRequest, log: Logger): Promise<CallOutcome> {
  log.debug(`call ${name} → page ${page.label}`);
  const stopProgress = reportProgress(request.progressToken, name, request.sendNotification);
  try {
    return await page.call(name, args, request.signal);
  } finally {
    stopProgress();
  }
}

/**
 * A successful result of a tool whose definition says reportsPages also names the page that answered and, with several,
 * the others; and the page's tools tools/list leaves out, if any.
 */
export function mapResult(name: string, result: ToolResult, page: PageSession, pages: readonly PageSession[]): ToolResult {
  if (!builtInTool(name)?.reportsPages || !result.success) {
    return result;
  }
  const unlisted = unlistedTools(toolListing(page));
  return {
    ...result,
    page: describePage(page, page),
    ...(pages.length > 1 ? { pages: pages.map((p) => describePage(p, page)) } : {}),
    ...(unlisted ? { unlistedTools: unlisted } : {})
  };
}

/**
 * Why a page lacks a tool that is listed by default, and what to do instead: the
 * page says why (its settings, a missing extension or release); an older page
 * that does not is told what it most likely is.
 */
export function missingToolReason(name: string, page?: Pick<PageSession, 'unavailable'>): string {
  const instead = 'Call tools/list for the tools the page has; execute_command with a command from list_all_commands may do the same job.';
  const why = page?.unavailable.find((tool) => tool.name === name)?.reason ?? 'its disabledTools or blockedCommands setting removes it';
  return `The connected page does not offer "${name}": ${why}. ${instead}`;
}

function noPageReason(name: string, bridgeUrl: string): string {
  return (
    `No Jupyter page is connected, so "${name}" cannot run. Open JupyterLab, Jupyter Notebook or ` +
    `JupyterLite with the jupyter-live-mcp-bridge extension (its serverUrls setting must include ` +
    `${bridgeUrl}), wait until the page has loaded, then call ${name} again. Without a Jupyter, ` +
    `the MCP client can start this server as "jupyter-live-mcp lite --open" (or --headless): it serves a ` +
    `JupyterLite page that connects by itself.`
  );
}
