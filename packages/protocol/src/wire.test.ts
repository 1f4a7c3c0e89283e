import { describe, expect, it } from 'vitest';
import {
  MAX_INPUT_SCHEMA_CHARS,
  MAX_NESTING_DEPTH,
  PROTOCOL_VERSION,
  encodeMessage,
  encodeResultMessage,
  nestsDeeperThan,
  parsePageMessage,
  parseServerMessage,
  type Hello,
  type Proof
} from './index.js';

const hello: Hello = { type: 'hello', protocol: PROTOCOL_VERSION, port: 8767, nonce: '0123456789abcdef'.repeat(4) };
const proof: Proof = {
  type: 'proof',
  proof: 'ab'.repeat(32),
  bridgeVersion: '0.1.0',
  page: { pageId: 'page-1', app: { name: 'JupyterLab', version: '4.6.4' }, url: 'http://127.0.0.1:8888/lab' }
};

describe('parsePageMessage', () => {
  it('accepts a valid hello and proof and returns them typed', () => {
    expect(parsePageMessage(encodeMessage(hello))).toEqual({ ok: true, message: hello });
    expect(parsePageMessage(encodeMessage(proof))).toEqual({ ok: true, message: proof });
  });

  it('accepts a result in the result protocol', () => {
    const message = { type: 'result', callId: 'c1', result: { success: false, error: 'no', code: 'bad_input' } };
    expect(parsePageMessage(JSON.stringify(message)).ok).toBe(true);
  });

  it('rejects text that is not JSON', () => {
    const parsed = parsePageMessage('{"type": "hello"');
    expect(parsed).toMatchObject({ ok: false });
    expect(!parsed.ok && parsed.error).toMatch(/^message is not JSON/);
  });

  it.each([['[]'], ['42'], ['null'], ['"hello"']])('rejects %s, which is not an object', (text) => {
    const parsed = parsePageMessage(text);
    expect(!parsed.ok && parsed.error).toBe('message is not a JSON object with a "type"');
  });

  it('rejects an unknown type and lists the known ones', () => {
    const parsed = parsePageMessage(JSON.stringify({ type: 'launch-missiles' }));
    expect(!parsed.ok && parsed.error).toBe(
      'unknown message type "launch-missiles" from the page; expected one of hello, proof, catalogue, result, page-state, alive, error'
    );
  });

  it('rejects a page-only message coming from the server, naming the server and its types', () => {
    const parsed = parseServerMessage(JSON.stringify({ type: 'hello' }));
    expect(!parsed.ok && parsed.error).toMatch(/^unknown message type "hello" from the server; expected one of challenge, welcome, call, /);
  });

  it('rejects a server-only message coming from a page', () => {
    const parsed = parsePageMessage(JSON.stringify({ type: 'call', callId: 'c1', tool: 'get_context', args: {} }));
    expect(!parsed.ok && parsed.error).toMatch(/unknown message type "call" from the page/);
  });

  it('refuses a hello or a proof with a field the protocol does not have; a hello of another protocol may have its own', () => {
    expect(parsePageMessage(JSON.stringify({ ...hello, padding: 'x' }))).toEqual({
      ok: false,
      error: 'malformed "hello" message: (message): Unrecognized key: "padding"'
    });
    expect(parsePageMessage(JSON.stringify({ ...hello, padding: 'x', name: 'y' }))).toEqual({
      ok: false,
      error: 'malformed "hello" message: (message): Unrecognized key: "padding", "name"'
    });
    for (const extra of [
      { ...proof, padding: 1 },
      { ...proof, page: { ...proof.page, padding: 1 } }
    ]) {
      expect(parsePageMessage(JSON.stringify(extra))).toMatchObject({
        ok: false,
        error: expect.stringContaining('Unrecognized key: "padding"')
      });
    }
    // Protocol 1's hello carried who the page is: it must still parse, to hear which side to update.
    const old = { type: 'hello', protocol: 1, nonce: hello.nonce, bridgeVersion: '0.1.0', page: proof.page };
    expect(parsePageMessage(JSON.stringify(old))).toMatchObject({ ok: true, message: { protocol: 1 } });
  });

  it('names the field of a malformed message', () => {
    const parsed = parsePageMessage(JSON.stringify({ ...proof, page: { ...proof.page, pageId: 7 } }));
    expect(!parsed.ok && parsed.error).toMatch(/^malformed "proof" message: page\.pageId: /);
  });

  it('rejects a failure result without error and code', () => {
    const parsed = parsePageMessage(JSON.stringify({ type: 'result', callId: 'c1', result: { success: false } }));
    expect(!parsed.ok && parsed.error).toMatch(/^malformed "result" message: result\.error/);
  });

  it('rejects a tool whose name MCP cannot carry', () => {
    const tool = {
      name: 'notebook:run',
      description: '',
      inputSchema: { type: 'object' },
      hints: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: false }
    };
    const parsed = parsePageMessage(JSON.stringify({ type: 'catalogue', tools: [tool] }));
    expect(!parsed.ok && parsed.error).toMatch(/tools\.0\.name: a tool name is 1–128 of/);
  });

  it('refuses a message nested deeper than the limit, naming its type, and says which call a refused result was for', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const result = (depth: number) => `{"type":"result","callId":"c7","result":{"success":true,"v":${nested(depth)}}}`;
    expect(parsePageMessage(result(MAX_NESTING_DEPTH - 2)).ok).toBe(true);
    expect(parsePageMessage(result(MAX_NESTING_DEPTH - 1))).toEqual({
      ok: false,
      error: `malformed "result" message: nested deeper than ${MAX_NESTING_DEPTH} levels`,
      callId: 'c7'
    });
    expect(parsePageMessage(`{"type":"error","message":"m","x":${nested(100_000)}}`)).toEqual({
      ok: false,
      error: `malformed "error" message: nested deeper than ${MAX_NESTING_DEPTH} levels`
    });
    expect(parsePageMessage(JSON.stringify({ type: 'result', callId: 'c8', result: { success: 'yes' } }))).toMatchObject({ callId: 'c8' });
  });

  it('refuses a tool whose input schema is longer than the limit', () => {
    const tool = {
      name: 'big',
      description: '',
      inputSchema: { type: 'object', description: 'x'.repeat(MAX_INPUT_SCHEMA_CHARS) },
      hints: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: false }
    };
    const parsed = parsePageMessage(JSON.stringify({ type: 'catalogue', tools: [tool] }));
    expect(!parsed.ok && parsed.error).toBe(
      `malformed "catalogue" message: tools.0.inputSchema: an input schema is at most ${MAX_INPUT_SCHEMA_CHARS} characters of JSON`
    );
  });

  it('refuses an oversized message before parsing it', () => {
    const big = JSON.stringify({ type: 'error', message: 'x'.repeat(2000) });
    const parsed = parsePageMessage(big, 1000);
    expect(!parsed.ok && parsed.error).toMatch(/over the 1000-byte limit/);
  });

  it('says which call a refused result was for only when the result names it by a string', () => {
    expect(parsePageMessage(JSON.stringify({ type: 'result', callId: 5, result: { success: true } }))).not.toHaveProperty('callId');
    const catalogue = parsePageMessage(JSON.stringify({ type: 'catalogue', callId: 'c1', tools: 'none' }));
    expect(catalogue).toMatchObject({ ok: false, error: expect.stringMatching(/^malformed "catalogue" message: tools: /) });
    expect(catalogue).not.toHaveProperty('callId');
  });

  it('names at most five problems, one after another, and cuts a key the sender made long', () => {
    const tool = (properties: Record<string, unknown>) => ({
      type: 'catalogue',
      tools: [
        {
          name: 't',
          description: '',
          inputSchema: { type: 'object', properties },
          hints: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: false }
        }
      ]
    });
    const problem = (key: string) => `tools.0.inputSchema.properties.${key}: Invalid input: expected object, received number`;
    expect(parsePageMessage(JSON.stringify(tool({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 })))).toEqual({
      ok: false,
      error: `malformed "catalogue" message: ${['a', 'b', 'c', 'd', 'e'].map(problem).join('; ')}`
    });
    const long = 'k'.repeat(101);
    const fits = 'j'.repeat(100);
    expect(parsePageMessage(JSON.stringify(tool({ [long]: 1, [fits]: 2 })))).toEqual({
      ok: false,
      error: `malformed "catalogue" message: ${problem(`${'k'.repeat(100)}…`)}; ${problem(fits)}`
    });
  });

  it('takes a message of exactly the limit, and refuses one a character over, saying its size', () => {
    const exactly = JSON.stringify({ type: 'error', message: 'x'.repeat(1000 - 29) });
    expect(exactly).toHaveLength(1000);
    expect(parsePageMessage(exactly, 1000)).toEqual({ ok: true, message: { type: 'error', message: 'x'.repeat(971) } });
    expect(parseServerMessage(exactly, 1000).ok).toBe(true);
    const over = JSON.stringify({ type: 'error', message: 'x'.repeat(972) });
    expect(parsePageMessage(over, 1000)).toEqual({
      ok: false,
      error: 'message of 1001 characters is over the 1000-byte limit; send smaller results (see maxResultChars)'
    });
    expect(parseServerMessage(over, 1000).ok).toBe(false);
  });

  it('takes a tool whose input schema is exactly the limit', () => {
    const inputSchema = { type: 'object', description: '' };
    inputSchema.description = 'x'.repeat(MAX_INPUT_SCHEMA_CHARS - JSON.stringify(inputSchema).length);
    const tool = {
      name: 'big',
      description: '',
      inputSchema,
      hints: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: false }
    };
    expect(parsePageMessage(JSON.stringify({ type: 'catalogue', tools: [tool] })).ok).toBe(true);
  });
});

describe('encodeResultMessage', () => {
  const result = { success: true as const, text: 'a "quoted" line\n', cells: [{ id: 'é', n: 1.5, none: null }] };
  const images = [{ mimeType: 'image/png' as const, data: 'AAAA' }];

  it("writes what encodeMessage writes, around the result's JSON text as it is given", () => {
    for (const pictures of [[], images]) {
      const whole = encodeMessage({ type: 'result', callId: 'c"1', result, ...(pictures.length ? { images } : {}) });
      expect(encodeResultMessage('c"1', { resultJson: JSON.stringify(result), images: pictures })).toBe(whole);
    }
    const sent = encodeResultMessage('c1', { resultJson: '{"success":true}', images: [] });
    expect(parsePageMessage(sent)).toEqual({ ok: true, message: { type: 'result', callId: 'c1', result: { success: true } } });
  });
});

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan(null, 0)).toBe(false);
    expect(nestsDeeperThan({ a: null }, 1)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: 'x' }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: {} }] }, 3)).toBe(true);
  });

  it('answers for a value nested far deeper than the stack could recurse', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(nestsDeeperThan(JSON.parse(deep), 100)).toBe(true);
    expect(parsePageMessage(`{"type":"result","callId":"c1","result":{"success":true,"deep":${deep}}}`)).toMatchObject({
      ok: false,
      callId: 'c1'
    });
  });
});

describe('parseServerMessage', () => {
  it('accepts a call with arguments', () => {
    const call = { type: 'call', callId: 'c9', tool: 'execute_command', args: { commandId: 'x' } };
    expect(parseServerMessage(JSON.stringify(call))).toEqual({ ok: true, message: call });
  });

  it('accepts a call that names its agent, and one from an older server that names none', () => {
    const call = { type: 'call', callId: 'c9', tool: 'read_cell', args: {}, agent: { id: 'a1b2c3', client: 'claude-code' } };
    expect(parseServerMessage(JSON.stringify(call))).toEqual({ ok: true, message: call });
    const older = { type: 'call', callId: 'c9', tool: 'read_cell', args: {} };
    expect(parseServerMessage(JSON.stringify(older))).toEqual({ ok: true, message: older });
  });

  it('rejects a call whose agent id is not a short word', () => {
    const parsed = parseServerMessage(JSON.stringify({ type: 'call', callId: 'c9', tool: 't', args: {}, agent: { id: 'a b' } }));
    expect(!parsed.ok && parsed.error).toMatch(/^malformed "call" message: agent\.id: an agent id is 1 to 64 letters/);
  });

  it('rejects a call whose args are not an object', () => {
    const parsed = parseServerMessage(JSON.stringify({ type: 'call', callId: 'c9', tool: 't', args: [1] }));
    expect(!parsed.ok && parsed.error).toMatch(/^malformed "call" message: args/);
  });

  it('accepts a challenge with a hex nonce and proof, and names a malformed proof', () => {
    expect(parseServerMessage(JSON.stringify({ type: 'challenge', nonce: 'a'.repeat(64), proof: 'b'.repeat(64) })).ok).toBe(true);
    const parsed = parseServerMessage(JSON.stringify({ type: 'challenge', nonce: 'a'.repeat(64), proof: 'the token itself' }));
    expect(!parsed.ok && parsed.error).toBe('malformed "challenge" message: proof: a proof is 64 hex digits');
  });

  it('ignores unknown extra fields, so an optional addition does not break older peers', () => {
    const parsed = parseServerMessage(JSON.stringify({ type: 'cancel', callId: 'c1', reason: 'later' }));
    expect(parsed).toEqual({ ok: true, message: { type: 'cancel', callId: 'c1' } });
  });
});
