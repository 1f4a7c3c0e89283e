/**
 * Who made a change the page sees (SPEC §2.5): the agent whose call makes it,
 * else the person. A call's own changes of the notebook model happen in the
 * call's synchronous steps, which the call runs `by` its agent; a change the
 * page hears of later (a save it started) belongs to the agent for as long as
 * its call `claims` the notebook. Everything else is the person's. Pure.
 */
import type { Author } from './change-log.js';

export class Authorship {
  private current: Author;
  /** notebook path → the agents whose calls claim it now, the latest last. */
  private readonly claims = new Map<string, string[]>();

  /** Runs `change` as `agent`'s: what it changes, now, is that agent's. */
  by<T>(agent: Author, change: () => T): T {
    const outer = this.current;
    this.current = agent;
    try {
      return change();
    } finally {
      this.current = outer;
    }
  }

  /** What the notebook hears of while `work` runs, and the page cannot tie to a step, is `agent`'s. */
  async claim<T>(path: string, agent: Author, work: () => Promise<T>): Promise<T> {
    if (agent === undefined) {
      return work();
    }
    const claims = this.claims.get(path) ?? [];
    this.claims.set(path, [...claims, agent]);
    try {
      return await work();
    } finally {
      // Stryker disable next-line ArrayDeclaration: the claim set above is there until this call removes it.
      const left = (this.claims.get(path) ?? []).filter((claimant, at, all) => claimant !== agent || all.indexOf(agent) !== at);
      if (left.length) {
        this.claims.set(path, left);
      } else {
        this.claims.delete(path);
      }
    }
  }

  /** The author of a change of this notebook made now. */
  authorOf(path: string): Author {
    return this.current ?? this.claims.get(path)?.at(-1);
  }

  /** The agent running a step now, if any (a page command an agent's call runs). */
  now(): Author {
    return this.current;
  }
}
