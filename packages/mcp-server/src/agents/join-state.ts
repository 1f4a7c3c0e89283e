/**
 * Which part a stdio server plays for its agent (SPEC §8, several agents), as a
 * pure state machine: it hosts the bridge port (the pages connect to it), or
 * joins the server that holds it (its agent's calls go there), or, where neither
 * can be, it stays up and answers every call with the reason and the fix, trying
 * again now and then. When the hub goes, a joined server tries to take the port
 * over; of several, one wins and the others join it.
 */
import type { JoinRefusal, Leaving } from '@jupyter-live-mcp/protocol';

/** Why this server reaches no page at all, for the message every call gets (join-messages.ts). */
export type Blocked =
  /** Another jupyter-live-mcp holds the port, proving another pairing token. */
  | { kind: 'other-token' }
  /** Something else holds the port, or it refused the join: `reason` says what it said. */
  | { kind: 'not-joinable'; reason: string }
  /** The port could not be listened on at all (an address this machine lacks, no permission). */
  | { kind: 'cannot-listen'; message: string };

/** What the pages and the selection were when the hub handed over: the new host waits for the pages. */
export interface Handover {
  /** Whether pages were (or may have been) connected to the hub, so are on their way back. */
  pagesExpected: boolean;
  selectedPageId?: string;
}

export type JoinState =
  | { phase: 'listening'; handover?: Handover }
  | { phase: 'joining'; handover?: Handover }
  | { phase: 'hosting' }
  | { phase: 'joined'; hubPid: number }
  | { phase: 'blocked'; blocked: Blocked };

export type JoinEvent =
  | { kind: 'listened' }
  | { kind: 'port-busy' }
  | { kind: 'listen-failed'; message: string }
  | { kind: 'joined'; hubPid: number }
  /** `gone`: nothing answered on the port any more (the hub left between the listen and the join). */
  | { kind: 'join-failed'; refusal: JoinRefusal | { kind: 'gone' } }
  /** The hub's channel closed; `leaving` when it said so first (a handover), else it died. */
  | { kind: 'hub-lost'; leaving?: Leaving }
  | { kind: 'retry' };

export type JoinAction =
  | { do: 'listen' }
  | { do: 'join' }
  /** Serve the agent here: this server holds the port now. */
  | { do: 'serve-here'; handover?: Handover }
  /** Send the agent's messages to the hub. */
  | { do: 'relay' }
  /** Keep the agent's messages until one of the others. */
  | { do: 'hold' }
  /** Answer every call with why no page can be reached. */
  | { do: 'refuse'; blocked: Blocked }
  | { do: 'retry-in'; ms: number };

/** How often a blocked server tries the port again. */
export const BLOCKED_RETRY_MS = 5_000;
/** A hub that left between our listen and our join: try again at once, nearly. */
const GONE_RETRY_MS = 100;

export const JOIN_START: { state: JoinState; actions: JoinAction[] } = { state: { phase: 'listening' }, actions: [{ do: 'listen' }] };

export function joinStep(state: JoinState, event: JoinEvent): { state: JoinState; actions: JoinAction[] } {
  const stay = { state, actions: [] };
  switch (state.phase) {
    case 'listening':
      if (event.kind === 'listened') return { state: { phase: 'hosting' }, actions: [{ do: 'serve-here', ...handover(state) }] };
      if (event.kind === 'port-busy') return { state: { phase: 'joining', ...handover(state) }, actions: [{ do: 'join' }] };
      if (event.kind === 'listen-failed') return blocked({ kind: 'cannot-listen', message: event.message });
      if (event.kind === 'retry') return { state, actions: [{ do: 'listen' }] };
      return stay;
    case 'joining':
      if (event.kind === 'joined') return { state: { phase: 'joined', hubPid: event.hubPid }, actions: [{ do: 'relay' }] };
      if (event.kind !== 'join-failed') return stay;
      if (event.refusal.kind === 'gone') {
        return { state: { phase: 'listening', ...handover(state) }, actions: [{ do: 'retry-in', ms: GONE_RETRY_MS }] };
      }
      return blocked(
        event.refusal.kind === 'other-token' ? { kind: 'other-token' } : { kind: 'not-joinable', reason: event.refusal.reason }
      );
    case 'joined':
      if (event.kind !== 'hub-lost') return stay;
      return {
        state: {
          phase: 'listening',
          // A hub that died said nothing of its pages: they may be on their way back.
          handover: {
            pagesExpected: event.leaving ? event.leaving.pages > 0 : true,
            ...(event.leaving?.selectedPageId === undefined ? {} : { selectedPageId: event.leaving.selectedPageId })
          }
        },
        actions: [{ do: 'hold' }, { do: 'listen' }]
      };
    case 'blocked':
      // The refusal stays in place while the port is tried again: its calls are answered meanwhile.
      return event.kind === 'retry' ? { state: { phase: 'listening' }, actions: [{ do: 'listen' }] } : stay;
    case 'hosting':
      return stay;
  }
}

function handover(state: { handover?: Handover }): { handover?: Handover } {
  return state.handover ? { handover: state.handover } : {};
}

function blocked(why: Blocked): { state: JoinState; actions: JoinAction[] } {
  return {
    state: { phase: 'blocked', blocked: why },
    actions: [
      { do: 'refuse', blocked: why },
      { do: 'retry-in', ms: BLOCKED_RETRY_MS }
    ]
  };
}
