/**
 * What the fuzzer sends, as fast-check generators: JSON-RPC from the agent's
 * side (requests the server must answer, and lines that ask for no answer),
 * frames from a paired page, a new socket's steps in any order (handshake
 * messages where they do not belong), and a hostile page's answers to calls.
 * Values come from hostile-json.ts; frames are built as text.
 */
import fc from 'fast-check';
import { deepJson, hostileJson, hostileObjectJson, hugeStringJson, nestedJson, oddKey, smallHostileJson } from './hostile-json.js';

/** A WebSocket frame: text, or binary bytes. */
export type Frame = string | Uint8Array;
/** A new socket's step: a real hello or proof (wherever it comes), a pause, or a frame. */
export type SocketStep = 'hello' | 'proof' | 'pause' | Frame;

export type FuzzCase =
  /** A JSON-RPC request with the fuzzer's own id: the server must answer it. `params` is JSON text, or absent. */
  | { kind: 'mcp request'; method: string; params?: string }
  /** A line that asks for no answer: a notification, garbage, a malformed envelope, an oversized line. */
  | { kind: 'mcp line'; line: string }
  /** Frames from the paired hostile page, after its handshake. */
  | { kind: 'page frames'; frames: Frame[] }
  /** A new socket: its Origin header (undefined: none, as a non-browser client) and its steps. */
  | { kind: 'socket'; origin: string | undefined; steps: SocketStep[] };

/** How the hostile page answers a call: frames first, then a result of its making, then (always) a plain one. */
export interface HostileAnswer {
  /** Frames before the result: garbage, results for other calls, near-misses. `$CALL` stands for the call's id. */
  before: Frame[];
  /** JSON text of the result object, or undefined to hang up instead of answering. */
  result: string | undefined;
  /** JSON text of an `images` array sent with the result, if any. */
  images?: string;
}

/** The tools the hostile page offers; the fuzzer's calls name them. */
export const HOSTILE_TOOL = 'hostile_echo';
export const GOOD_TOOL = 'echo';

/** Mostly the hostile page's tool (its answers are hostile too), else the good page's, the server's, unlisted ones, odd names. */
const toolName = fc.oneof(
  { arbitrary: fc.constant(HOSTILE_TOOL), weight: 4 },
  { arbitrary: fc.constantFrom(GOOD_TOOL, 'select_page'), weight: 2 },
  { arbitrary: fc.constantFrom('get_context', 'run_cell'), weight: 1 },
  { arbitrary: oddKey, weight: 1 }
);

/** `_meta` an agent may send, oddly filled. */
const metaJson = fc.oneof(
  fc.constant(''),
  smallHostileJson.map((token) => `,"_meta":{"progressToken":${token}}`),
  hostileJson.map((meta) => `,"_meta":${meta}`)
);

const toolsCallParams = fc.oneof(
  // Over the 10 MiB an MCP message on stdio may take: refused, with the request's id.
  { arbitrary: fc.constant(`{"name":"${GOOD_TOOL}","arguments":{"marker":"${'m'.repeat(11 << 20)}"}}`), weight: 1 },
  {
    arbitrary: fc
      .tuple(toolName, hostileObjectJson, metaJson)
      .map(([name, args, meta]) => `{"name":${JSON.stringify(name)},"arguments":${args}${meta}}`),
    weight: 120
  },
  { arbitrary: fc.tuple(toolName, hostileJson).map(([name, args]) => `{"name":${JSON.stringify(name)},"arguments":${args}}`), weight: 40 },
  { arbitrary: hostileJson, weight: 20 }
);

const mcpRequest: fc.Arbitrary<FuzzCase> = fc.oneof(
  { arbitrary: toolsCallParams.map((params) => ({ kind: 'mcp request' as const, method: 'tools/call', params })), weight: 8 },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom('tools/list', 'ping', 'initialize', 'resources/list', 'prompts/list', 'logging/setLevel', 'completion/complete'),
        fc.option(hostileJson, { nil: undefined })
      )
      .map(([method, params]) => ({ kind: 'mcp request' as const, method, params })),
    weight: 2
  },
  {
    arbitrary: fc
      .tuple(oddKey, fc.option(smallHostileJson, { nil: undefined }))
      .map(([method, params]) => ({ kind: 'mcp request' as const, method, params })),
    weight: 1
  }
);

/** Request ids the SDK Client never uses (it numbers from 0), so a cancellation cannot stop one of its calls. */
const foreignRequestId = fc.oneof(
  fc.string({ maxLength: 20 }).map((id) => JSON.stringify(`nope-${id}`)),
  fc.constantFrom('1e15', '-1', '0.5', 'null', '{}', '[]')
);

/** One line over the 10 MiB an MCP message on stdio may take (one string, shared by every case that sends it). */
const OVERSIZED_LINE = `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"${'z'.repeat(11 << 20)}"}}`;

const mcpLine: fc.Arbitrary<FuzzCase> = fc
  .oneof(
    // Notifications.
    {
      arbitrary: fc
        .tuple(foreignRequestId, smallHostileJson)
        .map(([id, reason]) => `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${id},"reason":${reason}}}`),
      weight: 8
    },
    {
      arbitrary: fc
        .tuple(foreignRequestId, hostileJson)
        .map(
          ([token, progress]) =>
            `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":${token},"progress":${progress}}}`
        ),
      weight: 8
    },
    {
      arbitrary: fc
        .tuple(fc.oneof(oddKey, fc.constantFrom('notifications/initialized', 'notifications/roots/list_changed')), hostileJson)
        .map(([method, params]) => `{"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${params}}`),
      weight: 8
    },
    // Envelopes that are not requests.
    {
      arbitrary: fc.constantFrom(
        '{}',
        'null',
        '[]',
        '42',
        '"ping"',
        '{"jsonrpc":"1.0","id":"x","method":"ping"}',
        '{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}',
        '{"jsonrpc":"2.0","id":[1],"method":"ping"}',
        '{"jsonrpc":"2.0","id":true,"method":"ping"}',
        '{"jsonrpc":"2.0","result":{},"id":"fuzz-never-asked"}',
        '[{"jsonrpc":"2.0","id":"b1","method":"ping"},{"jsonrpc":"2.0","id":"b2","method":"ping"}]',
        '\ufeff{"jsonrpc":"2.0","method":"ping"}',
        '',
        ' \t '
      ),
      weight: 8
    },
    // Garbage and cut-off JSON.
    { arbitrary: fc.string({ unit: 'binary', maxLength: 300 }).map((text) => text.replace(/\n/g, ' ')), weight: 8 },
    {
      arbitrary: fc.constantFrom('{"jsonrpc":"2.0","id":"cut","method":"tools/call","params":{"name":"echo"', '{"jsonrpc":', '{{{{', ']]]'),
      weight: 4
    },
    { arbitrary: deepJson, weight: 4 },
    { arbitrary: fc.constant(OVERSIZED_LINE), weight: 1 }
  )
  .map((line) => ({ kind: 'mcp line' as const, line }));

const PAGE_TYPES = [
  'hello',
  'proof',
  'catalogue',
  'result',
  'page-state',
  'error',
  'call',
  'welcome',
  'challenge',
  'cancel',
  '__proto__',
  'constructor',
  ''
];
const HINTS = '{"readOnlyHint":true,"consequentialHint":false,"untrustedContentHint":false}';

/** JSON text of a tool descriptor, valid or nearly, with hostile parts. */
const toolJson = fc.oneof(
  fc
    .tuple(fc.oneof(fc.constant(HOSTILE_TOOL), oddKey), deepJson)
    .map(
      ([name, deep]) =>
        `{"name":${JSON.stringify(name)},"description":"d","inputSchema":{"type":"object","properties":{"x":${deep}}},"hints":${HINTS}}`
    ),
  fc
    .tuple(oddKey, hugeStringJson)
    .map(
      ([name, description]) =>
        `{"name":${JSON.stringify(name)},"description":${description},"inputSchema":{"type":"object"},"hints":${HINTS}}`
    ),
  fc
    .tuple(oddKey, smallHostileJson)
    .map(
      ([key, value]) =>
        `{"name":"odd_keys","description":"d","inputSchema":{"type":"object",${JSON.stringify(key)}:${value}},"hints":${HINTS}}`
    ),
  smallHostileJson
);

const catalogueFrame = fc.oneof(
  {
    arbitrary: fc.array(toolJson, { minLength: 1, maxLength: 3 }).map((tools) => `{"type":"catalogue","tools":[${tools.join(',')}]}`),
    weight: 6
  },
  // Many tools: more than a listing may hold.
  {
    arbitrary: fc
      .constantFrom(2000, 12_000)
      .map(
        (count) =>
          `{"type":"catalogue","tools":[${Array.from({ length: count }, (_, i) => `{"name":"t${i}","description":"${'d'.repeat(800)}","inputSchema":{"type":"object"},"hints":${HINTS}}`).join(',')}]}`
      ),
    weight: 1
  },
  { arbitrary: hostileJson.map((tools) => `{"type":"catalogue","tools":${tools}}`), weight: 3 }
);

/** JSON text of a result object: valid in shape, hostile in content. */
export const resultObjectJson = fc.oneof(
  hostileJson.map((data) => `{"success":true,"data":${data}}`),
  fc.tuple(oddKey, hostileJson).map(([key, value]) => `{"success":true,${JSON.stringify(key)}:${value}}`),
  fc
    .tuple(oddKey, fc.oneof(smallHostileJson, hugeStringJson))
    .map(([code, error]) => `{"success":false,"code":${JSON.stringify(code)},"error":${error}}`),
  fc.constantFrom('{"success":true,"pending":true}', '{"success":"yes"}', '{}', 'null', '[]', nestedJson(5000, 'object'))
);

/** The same, padded to a frame the server keeps as text instead of parsing it (hub/raw-result.ts), where it is an object. */
const bigResultObjectJson = resultObjectJson.map((json) =>
  json.startsWith('{') ? `{"pad":"${'x'.repeat(300_000)}"${json === '{}' ? '' : ','}${json.slice(1)}` : json
);

const callIdJson = fc.oneof(fc.constant('"$CALL"'), fc.constantFrom('"c1"', '""', '"call-999999"'), smallHostileJson);

/** Frames a paired page might send: garbage, wrong shapes, near-misses, handshake messages after the handshake. */
export const pageFrame: fc.Arbitrary<Frame> = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', maxLength: 200 }), weight: 2 },
  { arbitrary: fc.uint8Array({ maxLength: 64 }), weight: 1 },
  { arbitrary: hostileJson, weight: 2 },
  { arbitrary: catalogueFrame, weight: 2 },
  {
    arbitrary: fc.tuple(callIdJson, resultObjectJson).map(([callId, result]) => `{"type":"result","callId":${callId},"result":${result}}`),
    weight: 2
  },
  {
    arbitrary: fc
      .tuple(callIdJson, smallHostileJson)
      .map(([callId, images]) => `{"type":"result","callId":${callId},"result":{"success":true},"images":${images}}`),
    weight: 1
  },
  {
    arbitrary: fc
      .tuple(
        fc.oneof(smallHostileJson, fc.constantFrom('true', 'false')),
        fc.oneof(smallHostileJson, hugeStringJson, fc.constant('"a title"'))
      )
      .map(([focused, title]) => `{"type":"page-state","focused":${focused},"title":${title}}`),
    weight: 1
  },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom(...PAGE_TYPES),
        fc.array(
          fc.tuple(
            fc.oneof(oddKey, fc.constantFrom('callId', 'result', 'tools', 'focused', 'message', 'proof', 'page', 'protocol', 'nonce')),
            hostileJson
          ),
          { maxLength: 4 }
        )
      )
      .map(
        ([type, fields]) => `{"type":${JSON.stringify(type)}${fields.map(([key, value]) => `,${JSON.stringify(key)}:${value}`).join('')}}`
      ),
    weight: 3
  },
  {
    arbitrary: fc.constantFrom(
      `{"type":"hello","protocol":3,"port":1,"nonce":"${'a'.repeat(64)}"}`,
      `{"type":"proof","proof":"${'0'.repeat(64)}","bridgeVersion":"x","page":{"pageId":"p","app":{"name":"a","version":"1"},"url":"u"}}`
    ),
    weight: 1
  }
);

const socketStep: fc.Arbitrary<SocketStep> = fc.oneof(
  { arbitrary: fc.constantFrom<SocketStep>('hello', 'proof', 'pause'), weight: 3 },
  { arbitrary: pageFrame, weight: 2 }
);

export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.oneof(
  { arbitrary: mcpRequest, weight: 4 },
  { arbitrary: mcpLine, weight: 2 },
  { arbitrary: fc.array(pageFrame, { minLength: 1, maxLength: 4 }).map((frames) => ({ kind: 'page frames' as const, frames })), weight: 3 },
  {
    arbitrary: fc
      .record({
        origin: fc.constantFrom('http://127.0.0.1', 'http://localhost:8888', 'http://[::1]:1', 'https://evil.example', 'null', undefined),
        steps: fc.array(socketStep, { minLength: 1, maxLength: 5 })
      })
      .map(({ origin, steps }) => ({ kind: 'socket' as const, origin, steps })),
    weight: 2
  }
);

export const hostileAnswer: fc.Arbitrary<HostileAnswer> = fc.record(
  {
    before: fc.array(pageFrame, { maxLength: 2 }),
    result: fc.oneof(
      { arbitrary: resultObjectJson, weight: 10 },
      { arbitrary: bigResultObjectJson, weight: 2 },
      { arbitrary: fc.constant(undefined), weight: 1 }
    ),
    images: fc.oneof(
      fc.constant(undefined),
      fc.constant(undefined),
      smallHostileJson,
      fc.constantFrom(
        '[{"mimeType":"image/png","data":"not base64!"}]',
        `[${'{"mimeType":"image/jpeg","data":""},'.repeat(60)}{"mimeType":"image/png","data":""}]`
      )
    )
  },
  { requiredKeys: ['before', 'result'] }
);
