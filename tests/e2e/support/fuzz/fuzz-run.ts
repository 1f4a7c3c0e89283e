/**
 * The fuzz run against a live server: the built CLI over stdio (the SDK's
 * Client, plus raw lines), one good page and one hostile page (raw WebSocket
 * clients paired with the token), and fresh sockets. Cases go in rounds; in
 * each, the agent's calls go to one of the two pages, and a good call (echo of
 * a fresh marker on the good page) is made among the bad ones and after them.
 *
 * What must hold: the server process never exits; every JSON-RPC request with
 * an id is answered within a bound; every good call is answered correctly.
 * Anything else (which error, which close code) is counted, not judged.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { Call, ToolDescriptor } from '@jupyter-live-mcp/protocol';
import { PROTOCOL_VERSION, proofOf, RESULT_CODES, randomHex } from '@jupyter-live-mcp/protocol';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { WebSocket } from 'ws';
import { connectFakePage, type FakePage } from './fake-page.js';
import {
  fuzzCase,
  GOOD_TOOL,
  HOSTILE_TOOL,
  hostileAnswer,
  type Frame,
  type FuzzCase,
  type HostileAnswer,
  type SocketStep
} from './fuzz-cases.js';
import { waitFor } from '../wait-for.js';
import { RAW_ID_PREFIX, startStdioAgent, type StdioAgent } from './stdio-agent.js';

export interface FuzzOptions {
  cases: number;
  seed: number;
  /** Cases per round (between two good calls). */
  roundSize?: number;
  /** How long a request may take to be answered (a 20 MiB line on a loaded machine takes seconds). */
  answerWithinMs?: number;
  progress?: (line: string) => void;
}

export interface FuzzOutcome {
  cases: number;
  seed: number;
  seconds: number;
  /** Cases of each kind. */
  kinds: Record<string, number>;
  /** What came back, counted: JSON-RPC error codes, result codes, close codes. */
  outcomes: Record<string, number>;
  /** For each outcome of a request, the first one: what was sent and what came back (cut short). */
  examples: Record<string, string>;
  goodCalls: { made: number; correct: number; slowestMs: number };
  /** Bytes written to the server (stdio lines and frames). */
  bytesSent: number;
  /** Broken invariants, each with what to rerun. Empty: the run passed. */
  problems: string[];
}

const HINTS = { readOnlyHint: true, consequentialHint: false, untrustedContentHint: false };
const GOOD_TOOLS: ToolDescriptor[] = [
  {
    name: GOOD_TOOL,
    description: 'Echoes n and marker.',
    inputSchema: { type: 'object', properties: { n: { type: 'integer' }, marker: { type: 'string' } }, required: ['n', 'marker'] },
    hints: HINTS
  }
];
const HOSTILE_TOOLS: ToolDescriptor[] = [
  { name: HOSTILE_TOOL, description: 'Answers with whatever it likes.', inputSchema: { type: 'object' }, hints: HINTS }
];
const MAX_PROBLEMS = 50;
/** 560 kB of quotes, backslashes and characters of 2 and 4 UTF-8 bytes, which the text block escapes again. */
const BIG_FILLER = '"é😀\\'.repeat(70_000);

export async function runFuzz(options: FuzzOptions): Promise<FuzzOutcome> {
  const roundSize = options.roundSize ?? 20;
  const answerWithinMs = options.answerWithinMs ?? 30_000;
  const progress = options.progress ?? (() => {});
  const started = performance.now();
  const outcome: FuzzOutcome = {
    cases: 0,
    seed: options.seed,
    seconds: 0,
    kinds: {},
    outcomes: {},
    examples: {},
    goodCalls: { made: 0, correct: 0, slowestMs: 0 },
    bytesSent: 0,
    problems: []
  };
  const count = (table: Record<string, number>, key: string) => (table[key] = (table[key] ?? 0) + 1);
  const problem = (text: string) => {
    if (outcome.problems.length < MAX_PROBLEMS) outcome.problems.push(text);
  };

  const agent = await startStdioAgent();
  const url = `ws://127.0.0.1:${agent.port}`;
  const goodPage = await connectFakePage({
    url,
    token: agent.token,
    identity: { pageId: `fuzz-good-${randomHex(4)}`, app: { name: 'Fuzz', version: '1' }, url: 'http://127.0.0.1/good' },
    tools: GOOD_TOOLS,
    answer: answerGood
  });
  let answers: HostileAnswer[] = [];
  let nextAnswer = 0;
  const hostileIdentity = { pageId: `fuzz-hostile-${randomHex(4)}`, app: { name: 'Fuzz', version: '1' }, url: 'http://127.0.0.1/hostile' };
  const connectHostile = () =>
    connectFakePage({
      url,
      token: agent.token,
      identity: hostileIdentity,
      tools: HOSTILE_TOOLS,
      answer: (call, page) => answerHostile(call, page, answers[nextAnswer++ % answers.length]!, outcome)
    });
  let hostilePage = await connectHostile();
  await waitFor('both fake pages listed by select_page', async () => (await listedPages(agent)).length >= 2);

  /** A good call: select the good page, echo a fresh marker; false if it broke an invariant. */
  const goodCall = async (round: number): Promise<boolean> => {
    outcome.goodCalls.made++;
    const marker = `good-${round}-${randomHex(4)}`;
    const started = performance.now();
    try {
      const selected = await agent.client.callTool({ name: 'select_page', arguments: { pageId: goodPage.pageId } }, undefined, {
        timeout: answerWithinMs
      });
      const echoed = await agent.client.callTool({ name: GOOD_TOOL, arguments: { n: round, marker } }, CallToolResultSchema, {
        timeout: answerWithinMs
      });
      outcome.goodCalls.slowestMs = Math.max(outcome.goodCalls.slowestMs, performance.now() - started);
      const result = echoed.structuredContent as { success?: boolean; echoed?: { n: number; marker: string }; filler?: string } | undefined;
      const text = (echoed.content as { type: string; text?: string }[]).find((block) => block.type === 'text')?.text;
      const whole =
        result?.filler === (round % 2 === 1 ? BIG_FILLER : undefined) && text !== undefined && isDeepStrictEqual(JSON.parse(text), result);
      if (selected.isError || !result?.success || result.echoed?.n !== round || result.echoed.marker !== marker || !whole) {
        problem(`round ${round}: a good call was answered wrongly: ${JSON.stringify(echoed).slice(0, 300)}`);
        return false;
      }
      outcome.goodCalls.correct++;
      return true;
    } catch (error) {
      problem(`round ${round}: a good call failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 400));
      return false;
    }
  };

  const rounds = Math.ceil(options.cases / roundSize);
  try {
    for (let round = 0; round < rounds && agent.exit() === undefined; round++) {
      const seed = options.seed * 100_003 + round;
      const cases = fc.sample(fuzzCase, { numRuns: Math.min(roundSize, options.cases - outcome.cases), seed });
      answers = fc.sample(hostileAnswer, { numRuns: roundSize, seed: seed + 1 });
      if (!hostilePage.isOpen()) {
        try {
          hostilePage = await connectHostile();
        } catch (error) {
          // A server that ended says so below; one that is up must let a page that proves the token in.
          if (agent.exit() === undefined) problem(`round ${round}: the hostile page could not pair again: ${String(error)}`);
          break;
        }
      }
      // Each round starts from the hostile page's own tools (a case may have replaced them).
      hostilePage.send(JSON.stringify({ type: 'catalogue', tools: HOSTILE_TOOLS }));
      // Two rounds in three send the agent's calls to the hostile page, whose answers are hostile too.
      const target = round % 3 === 2 ? goodPage : hostilePage;
      await agent.client
        .callTool({ name: 'select_page', arguments: { pageId: target.pageId } }, undefined, { timeout: answerWithinMs })
        .catch(() => {});
      const runs = cases.map((fuzz, index) => {
        count(outcome.kinds, fuzz.kind);
        return runCase(fuzz, `${round}.${index}`);
      });
      // On the good page's rounds, a good call goes among the bad ones (its selection stays).
      const among = target === goodPage ? [goodCall(round)] : [];
      await Promise.all([...runs, ...among]);
      outcome.cases += cases.length;
      if (target === hostilePage) {
        // Longer than the server gathers catalogue changes (200 ms), so that its list_changed
        // timer runs while the hostile page, and whatever catalogue it sent, is the current one.
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      await goodCall(round);
      if (round % 25 === 0 || round === rounds - 1) {
        progress(
          `fuzz: ${outcome.cases} cases, ${outcome.goodCalls.correct}/${outcome.goodCalls.made} good calls right, ${outcome.problems.length} problems`
        );
      }
    }
  } finally {
    outcome.seconds = (performance.now() - started) / 1000;
    const exit = agent.exit();
    if (exit !== undefined) {
      problem(`the server process ended (${exit}); its stderr ends with:\n${agent.stderr().slice(-3000)}`);
    }
    outcome.outcomes['stdout lines that are not JSON'] = agent.strayOutput.notJson;
    outcome.outcomes['errors answered to no id'] = agent.strayOutput.errorsWithoutId;
    goodPage.close();
    hostilePage.close();
    await agent.close();
  }
  return outcome;

  /** One case; resolves when it is done (answered, or its socket closed or given up on). */
  async function runCase(fuzz: FuzzCase, name: string): Promise<void> {
    switch (fuzz.kind) {
      case 'mcp request': {
        const id = `${RAW_ID_PREFIX}${name}`;
        const line = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":${JSON.stringify(fuzz.method)}${fuzz.params === undefined ? '' : `,"params":${fuzz.params}`}}`;
        outcome.bytesSent += line.length;
        agent.writeLine(line);
        const answer = await agent.answerTo(id, answerWithinMs);
        if (!answer) {
          if (agent.exit() === undefined)
            problem(`case ${name} (seed ${options.seed}): ${fuzz.method} not answered within ${answerWithinMs} ms: ${line.slice(0, 300)}`);
          return;
        }
        const result = (answer.result as { structuredContent?: { success?: boolean; code?: string } } | undefined)?.structuredContent;
        const what = answer.error ? `JSON-RPC error ${answer.error.code}` : result ? `result ${resultCode(result)}` : 'answered';
        count(outcome.outcomes, what);
        outcome.examples[what] ??= `${line.slice(0, 200)} → ${JSON.stringify(answer).slice(0, 300)}`;
        return;
      }
      case 'mcp line':
        outcome.bytesSent += fuzz.line.length;
        agent.writeLine(fuzz.line);
        return;
      case 'page frames':
        for (const frame of fuzz.frames) {
          outcome.bytesSent += frame.length;
          hostilePage.send(typeof frame === 'string' ? frame : Buffer.from(frame));
        }
        return;
      case 'socket':
        count(outcome.outcomes, `socket: ${await runSocket(fuzz.origin, fuzz.steps)}`);
        return;
    }
  }

  /** A new socket's steps; resolves with how it ended. */
  async function runSocket(origin: string | undefined, steps: SocketStep[]): Promise<string> {
    const socket = new WebSocket(url, origin === undefined ? {} : { headers: { origin } });
    socket.on('error', () => {});
    const closed = new Promise<string>((resolve) => socket.once('close', (code) => resolve(`closed ${code}`)));
    const opened = await Promise.race([
      new Promise<boolean>((resolve) => socket.once('open', () => resolve(true))),
      closed.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), answerWithinMs))
    ]);
    if (!opened) {
      socket.terminate();
      return 'refused';
    }
    const pageNonce = randomHex();
    let serverNonce: string | undefined;
    socket.on('message', (data) => {
      try {
        const message = JSON.parse(data.toString()) as { type?: string; nonce?: string };
        if (message.type === 'challenge') serverNonce = message.nonce;
      } catch {
        count(outcome.outcomes, 'socket: a frame from the server that is not JSON');
      }
    });
    for (const step of steps) {
      if (step === 'pause') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      const frame = socketFrame(step, pageNonce, serverNonce);
      outcome.bytesSent += frame.length;
      if (socket.readyState === WebSocket.OPEN) socket.send(frame, { binary: typeof frame !== 'string' });
    }
    const ended = await Promise.race([closed, new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 100))]);
    socket.terminate();
    return ended;
  }

  function socketFrame(step: Exclude<SocketStep, 'pause'>, pageNonce: string, serverNonce: string | undefined): Frame {
    if (step === 'hello') {
      return JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, port: agent.port, nonce: pageNonce });
    }
    if (step === 'proof') {
      const proof = serverNonce ? proofOf(agent.token, 'page', { port: agent.port, pageNonce, serverNonce }) : randomHex();
      // Pages of their own ids: never the good page's, whose calls must reach it.
      const page = { pageId: `fuzz-socket-${randomHex(2)}`, app: { name: 'Fuzz', version: '1' }, url: 'http://127.0.0.1/socket' };
      return JSON.stringify({ type: 'proof', proof, bridgeVersion: 'fuzz', page, focused: true });
    }
    return step;
  }
}

/** A result's code as counted: the hostile page's codes of its own making count as one. */
function resultCode(result: { success?: boolean; code?: string }): string {
  if (result.success) return 'success';
  return (RESULT_CODES as readonly string[]).includes(result.code ?? '') ? String(result.code) : "(a code of the hostile page's making)";
}

/**
 * The good page echoes n and marker, and nothing else; for an odd n, with a
 * filler big enough that the server keeps the result as text (hub/raw-result.ts).
 */
function answerGood(call: Call, page: FakePage): void {
  const { n, marker } = call.args as { n?: unknown; marker?: unknown };
  const result =
    call.tool === GOOD_TOOL && typeof n === 'number' && typeof marker === 'string'
      ? { success: true, echoed: { n, marker }, ...(n % 2 === 1 ? { filler: BIG_FILLER } : {}) }
      : { success: false, code: 'bad_input', error: `the good page echoes numbers n and strings marker only (${call.tool})` };
  page.send(JSON.stringify({ type: 'result', callId: call.callId, result }));
}

/**
 * The hostile page's answer: its frames, its result (or hanging up), then a plain
 * result, so that a call whose hostile result the server refused is still answered.
 */
function answerHostile(call: Call, page: FakePage, answer: HostileAnswer, outcome: FuzzOutcome): void {
  const callId = JSON.stringify(call.callId);
  for (const frame of answer.before) {
    page.send(typeof frame === 'string' ? frame.replaceAll('"$CALL"', callId) : Buffer.from(frame));
  }
  if (answer.result === undefined) {
    page.close();
    return;
  }
  const images = answer.images === undefined ? '' : `,"images":${answer.images}`;
  const frame = `{"type":"result","callId":${callId},"result":${answer.result}${images}}`;
  outcome.bytesSent += frame.length;
  page.send(frame);
  page.send(
    JSON.stringify({
      type: 'result',
      callId: call.callId,
      result: { success: false, code: 'command_failed', error: 'fuzz: the plain answer' }
    })
  );
}

async function listedPages(agent: StdioAgent): Promise<unknown[]> {
  const listed = await agent.client.callTool({ name: 'select_page', arguments: {} });
  return ((listed.structuredContent as { pages?: unknown[] } | undefined)?.pages ?? []) as unknown[];
}
