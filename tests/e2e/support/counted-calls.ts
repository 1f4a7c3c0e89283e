/**
 * An agent's calls as the task tests make them: each one counted, so a test can
 * assert how many calls a task took; `ok` expects success and `failure` a code,
 * and a mismatch fails the test naming the call and what it answered.
 */
import { expect } from 'vitest';
import type { McpSession } from './mcp-session.js';

type Args = Record<string, unknown>;

export interface CountedCalls {
  call(name: string, args?: Args): Promise<Record<string, unknown>>;
  ok(name: string, args?: Args): Promise<Record<string, unknown>>;
  failure(name: string, args: Args, code: string): Promise<Record<string, unknown>>;
  /** Calls made since the start, or since the last reset. */
  readonly count: number;
  reset(): void;
}

/** `mcp` is read at each call: test files set their session up in beforeAll. */
export function countedCalls(mcp: () => McpSession): CountedCalls {
  let count = 0;
  const answered = (name: string, args: Args, result: unknown) =>
    `${name} ${JSON.stringify(args)} answered ${JSON.stringify(result).slice(0, 800)}`;
  const call = async (name: string, args: Args = {}) => {
    count++;
    return (await mcp().call(name, args)).result;
  };
  return {
    call,
    async ok(name, args = {}) {
      const result = await call(name, args);
      expect(result, answered(name, args, result)).toMatchObject({ success: true });
      return result;
    },
    async failure(name, args, code) {
      const result = await call(name, args);
      expect(result, answered(name, args, result)).toMatchObject({ success: false, code });
      return result;
    },
    get count() {
      return count;
    },
    reset() {
      count = 0;
    }
  };
}
