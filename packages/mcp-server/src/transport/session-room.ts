/**
 * Which --http session gives way when a new one finds the endpoint full.
 * Clients often end without DELETE (the SDK client's close(), a health check,
 * one CLI call), so a full endpoint is mostly sessions nobody will use again;
 * they must not lock out the next client. Only a session with no open stream
 * and no request in flight may go, the one idle longest first: a session in
 * use never does. A client whose session went gets "session not found" and, as
 * the MCP spec says, starts a new one. Pure.
 */

export interface SessionUse {
  /** Requests and streams in progress. */
  open: number;
  /** When its last request or stream began or ended (ms). */
  lastActive: number;
}

/** The key of the session to close to make room, or undefined when every session is in use. */
export function sessionToGiveWay<K>(sessions: ReadonlyMap<K, SessionUse>): K | undefined {
  let chosen: { key: K; lastActive: number } | undefined;
  for (const [key, { open, lastActive }] of sessions) {
    if (open === 0 && (chosen === undefined || lastActive < chosen.lastActive)) {
      chosen = { key, lastActive };
    }
  }
  return chosen?.key;
}
