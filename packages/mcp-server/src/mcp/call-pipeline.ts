/**
 * One tools/call, from the MCP request to its answer (SPEC §7):
 *
 *   route   a server tool runs here; a page tool goes to the current page; a
 *           listed tool nobody can run now, or one the page says it lacks, is
 *           refused with why; any other name is a JSON-RPC error, as MCP says
 *   wait    with no page yet, while the page lite opened is on its way, for it
 *   call    the page runs it, with progress to a client that asked for it
 *   map     the result is completed as the tool's definition asks (reportsPages)
 *   budget  the answer is kept within one MCP message, in the form its client
 *           reads (result-mapping.ts)
 *
 * Nothing here depends on a tool's name beyond finding its definition.
 */
import type { CallToolResult, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { builtInTool, fail, type AttachedImage, type CallAgent, type ResultForm, type ToolFailure } from '@jupyter-live-mcp/protocol';
import type { Logger } from '../log.js';
import type { PageSession } from '../hub/page-session.js';
import { parsedResult, type PageAnswer, type PageResult } from '../hub/raw-result.js';
import type { LitePage } from '../lite/lite-page.js';
import { RequestError } from './request-error.js';
import { reportProgress, runningInPage, whileAnswering, type CallProgress } from './call-progress.js';
import { noPageReason, type NoPageSituation } from './no-page.js';
import { toCallToolResult } from './result-mapping.js';
import { describePage } from './select-page.js';
import type { ServerTool, ServerToolContext } from './define-server-tool.js';
import { serverTool } from './server-tools.js';
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
  /** Set when this server runs lite: its page, which calls wait for while it is on its way. */
  lite?: LitePage;
  /** A page refused lately for its pairing token, named when a call finds no page. */
  tokenMismatch?(): NoPageSituation['tokenMismatch'];
  remotePages?(): Promise<NoPageSituation['remotePages']>;
  /** Which agent (MCP session) makes the calls, as log lines name it: the server's own client, a joined server's, an --http session. */
  agent?: string;
  /** Why this server reaches no page at all (its port is another program's), with the fix: every call is answered so. */
  unreachable?(): string | undefined;
  /** Pages on their way back after this server took the port over: a call that finds none waits for them (agents/pages-returning.ts). */
  expectedPages?: { arrival(signal: AbortSignal): Promise<void> };
  /** The agent of this MCP session, named in each call so the page keeps its view of changes apart (SPEC §2.5). */
  callAgent(): CallAgent;
  /** Which of a result's forms this session's client reads (result-form.ts). */
  resultForm(): ResultForm;
}

/** What the SDK gives one request. */
export interface CallRequest {
  signal: AbortSignal;
  progressToken?: string | number;
  sendNotification(notification: ServerNotification): Promise<void>;
}

export type Route = { kind: 'server'; tool: ServerTool } | PageRoute;

type PageRoute =
  | { kind: 'page'; page: PageSession }
  | { kind: 'refused'; result: ToolFailure }
  /** A listed tool, and no page connected. */
  | { kind: 'no-page' };

export async function runToolCall(call: ToolCall, session: CallSession, request: CallRequest): Promise<CallToolResult> {
  const { result, images } = await resultOf(call, session, request);
  return toCallToolResult(result, images, session.resultForm());
}

async function resultOf(call: ToolCall, session: CallSession, request: CallRequest): Promise<Answer> {
  const unreachable = session.unreachable?.();
  if (unreachable) {
    return { result: fail('no_page', unreachable) };
  }
  const route = routeCall(call.name, session);
  if (route.kind === 'server') {
    return { result: route.tool.run(call.args, session) };
  }
  // The page lite opened, or the pages of a server this one took over from, which may still be on their way.
  const awaited = route.kind === 'no-page' ? (session.lite ?? session.expectedPages) : undefined;
  const waiting = session.lite ? waitingForLitePage : waitingForPages;
  const progress = reportProgress(request.progressToken, awaited ? waiting : runningInPage(call.name), request.sendNotification);
  try {
    if (awaited) {
      await awaited.arrival(request.signal);
    }
    return await answer(awaited ? routeToPage(call.name, session) : route, call, session, request.signal, progress);
  } finally {
    progress.stop();
  }
}

/** A result and the pictures taken out of it, before it is an MCP answer. */
type Answer = { result: PageResult; images?: AttachedImage[] };

const waitingForLitePage = (seconds: number) => `waiting for the lite page to connect (${seconds} s)`;
const waitingForPages = (seconds: number) => `waiting for the pages to reconnect to this server (${seconds} s)`;

/** Where a call goes. Throws the JSON-RPC error for a tool that is not listed. */
function routeCall(name: string, session: Pick<CallSession, 'router' | 'selection'>): Route {
  const tool = serverTool(name);
  return tool ? { kind: 'server', tool } : routeToPage(name, session);
}

function routeToPage(name: string, { router, selection }: Pick<CallSession, 'router' | 'selection'>): PageRoute {
  const page = router.current(selection.pageId);
  if (page?.tools.some((listed) => listed.name === name)) {
    return { kind: 'page', page };
  }
  // The page names what it lacks and why: a listed tool, or an extension's tool whose handler went away.
  const lacked = page?.unavailable.some((tool) => tool.name === name);
  // An extension's tool of a page that is reloading is as unreachable as a default tool.
  const reloading = page === undefined && router.listedByPageThatLeft(name);
  if (!isListedByDefault(name) && !lacked && !reloading) {
    throw new RequestError(ErrorCode.InvalidParams, `Unknown tool "${name}". Call tools/list for the tools this server offers.`);
  }
  return page ? { kind: 'refused', result: fail('unknown_tool', missingToolReason(name, page)) } : { kind: 'no-page' };
}

async function answer(
  route: PageRoute,
  call: ToolCall,
  session: CallSession,
  signal: AbortSignal,
  progress: CallProgress
): Promise<Answer> {
  switch (route.kind) {
    case 'refused':
      return { result: route.result };
    case 'no-page':
      return { result: fail('no_page', noPageReason(call.name, await noPageSituation(session))) };
    case 'page': {
      progress.say(whileAnswering(route.page, runningInPage(call.name)));
      const { result, images } = await callPage(route.page, call, signal, session);
      return { result: mapResult(call.name, result, route.page, session.router.pages()), images };
    }
  }
}

async function noPageSituation({ bridgeUrl, lite, tokenMismatch, remotePages }: CallSession): Promise<NoPageSituation> {
  const mismatch = tokenMismatch?.();
  const remote = await remotePages?.();
  return {
    bridgeUrl,
    ...(remote ? { remotePages: remote } : {}),
    ...(lite ? { lite: { browser: lite.browser, state: lite.state } } : {}),
    ...(mismatch ? { tokenMismatch: mismatch } : {})
  };
}

function callPage(page: PageSession, { name, args }: ToolCall, signal: AbortSignal, session: CallSession): Promise<PageAnswer> {
  session.log.debug(`call ${name}${session.agent ? ` from ${session.agent}` : ''} → page ${page.label}`);
  return page.call(name, args, signal, session.callAgent());
}

/**
 * A successful result of a tool whose definition says reportsPages also names the page that answered and, with several,
 * the others; and the page's tools tools/list leaves out, if any.
 */
export function mapResult(name: string, pageResult: PageResult, page: PageSession, pages: readonly PageSession[]): PageResult {
  if (!builtInTool(name)?.reportsPages) {
    return pageResult;
  }
  const result = parsedResult(pageResult);
  if (!result.success) {
    return result;
  }
  const unlisted = unlistedTools(toolListing(page));
  // Not a spread: on V8 11 (Node 20) a spread's copy takes a map of its own, so
  // adding `page` made a new hidden class every call, old-space garbage
  // (BENCHMARKS.md, "what each call leaves"); keys are added to {} instead.
  return Object.assign(
    {},
    result,
    { page: describePage(page, page) },
    pages.length > 1 ? { pages: pages.map((p) => describePage(p, page)) } : undefined,
    unlisted ? { unlistedTools: unlisted } : undefined
  );
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
