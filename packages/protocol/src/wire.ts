/**
 * The WebSocket protocol between the MCP server and the bridge in a page.
 *
 * The page is always the WebSocket client (a page cannot listen). A session:
 *
 *   page → server   hello      who the page is, and the page's nonce
 *   server → page   challenge  the server's nonce and its proof of the token
 *   page → server   proof      the page's proof of the token (only to a server that proved it)
 *   server → page   welcome    accepted
 *   page → server   catalogue  the page's tools (again whenever they change)
 *   server → page   call       run a tool
 *   page → server   result     the tool's result in the result protocol
 *   page → server   page-state the person focused or left the page (routing)
 *   server → page   cancel     the agent gave up on a call: drop its result
 *   server → page   heartbeat  the server is there (every heartbeatMs, with a WebSocket ping)
 *   either way      error      a message could not be used, and why
 *
 * Every message is one JSON text frame and is validated here on arrival, on both
 * sides. `protocol` is the wire version: a peer speaking another version is refused
 * in the handshake with a message that says which side to update. Objects are not
 * strict, so a later minor addition (an optional field) does not break older peers;
 * only `hello` and `proof`, all a page may send before it proved the token, are.
 */
import * as z from 'zod/mini';
import './zod-english.js';
import { personFocusSchema } from './person-focus.js';
import { toolResultSchema } from './result-protocol.js';

/**
 * 3: tool hints carry WebMCP's names (readOnlyHint, consequentialHint, untrustedContentHint).
 * 4: the heartbeat (welcome names its period; heartbeat frames); hello and proof are strict.
 */
export const PROTOCOL_VERSION = 4;

/** WebSocket close codes in the private range; the reason that goes with each says what to do. */
export const CLOSE_CODES = {
  handshakeFailed: 4400,
  /** The server refused the page's proof of the token. */
  notPaired: 4401,
  /** The page refused the server: it did not prove the token. */
  serverNotProved: 4403,
  handshakeTimeout: 4408,
  /** The page dialled a port this server does not answer on (a forward, a proxy, or a relay). */
  portMismatch: 4409,
  /** Another connection proved the same token under this page's id and took its place. */
  pageReplaced: 4410,
  /** The other side stopped answering the heartbeat. */
  noHeartbeat: 4411,
  protocolMismatch: 4426
} as const;

/** The bridge endpoint's default port (8765 is taken by a neighbouring tool). */
export const DEFAULT_BRIDGE_PORT = 8767;

/**
 * How often the server pings each page and sends it a heartbeat frame, unless
 * told otherwise (--heartbeat-seconds). A page that does not answer a ping
 * within a period is dropped; a page that hears nothing for two reconnects.
 */
export const DEFAULT_HEARTBEAT_MS = 30_000;

/** Where a page connects unless its serverUrls setting says otherwise. */
export const DEFAULT_SERVER_URL = `ws://127.0.0.1:${DEFAULT_BRIDGE_PORT}`;

/** Default limit of one wire message, in bytes (SPEC §6). */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/**
 * What a page may send before the server accepted its proof, frames and all:
 * the largest valid hello and proof (a URL of 8192 characters, a title of 1000)
 * fit with room to spare.
 */
export const MAX_HANDSHAKE_BYTES = 32 * 1024;

/**
 * How deep a message's JSON may nest, counting every object and array. Real
 * schemas and results nest a few levels; thousands would overflow the stack of
 * whoever serialises them later (JSON.stringify is recursive).
 */
export const MAX_NESTING_DEPTH = 100;

/** The longest a tool's input schema may be as JSON: tools/list carries every one of them. */
export const MAX_INPUT_SCHEMA_CHARS = 64 * 1024;

const id = z.string().check(z.minLength(1), z.maxLength(200));

/** Who the page is; sent with its proof, so a server that cannot prove the token never learns it. */
export const pageIdentitySchema = z.strictObject({
  /** Per browser tab; survives reloads of the socket and of the page. */
  pageId: id,
  app: z.strictObject({ name: z.string().check(z.maxLength(200)), version: z.string().check(z.maxLength(100)) }),
  url: z.string().check(z.maxLength(8192)),
  title: z.optional(z.string().check(z.maxLength(1000)))
});

/** R/C/U hints of SPEC §2, named as WebMCP names them (one spelling on the wire, in settings and in MCP `_meta`). */
export const toolHintsSchema = z.object({
  readOnlyHint: z.boolean(),
  consequentialHint: z.boolean(),
  untrustedContentHint: z.boolean()
});

/** The hints as a tool's declaration gives them (a settings tool, another extension's tool): each false unless given. */
export const declaredToolHintsSchema = z.strictObject({
  readOnlyHint: z._default(z.boolean(), false),
  consequentialHint: z._default(z.boolean(), false),
  untrustedContentHint: z._default(z.boolean(), false)
});

/** A JSON Schema object describing a tool's input (`type: "object"`): the one type of it both sides read and list. */
export const inputSchemaSchema = z
  .catchall(
    z.object({
      type: z.literal('object'),
      properties: z.optional(z.record(z.string(), z.catchall(z.object({}), z.json()))),
      required: z.optional(z.array(z.string()))
    }),
    z.json()
  )
  .check(
    z.refine((schema) => JSON.stringify(schema).length <= MAX_INPUT_SCHEMA_CHARS, {
      message: `an input schema is at most ${MAX_INPUT_SCHEMA_CHARS} characters of JSON`
    })
  );

export const toolDescriptorSchema = z.object({
  name: z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,128}$/, 'a tool name is 1–128 of A–Z a–z 0–9 _ . -')),
  title: z.optional(z.string().check(z.maxLength(200))),
  description: z.string().check(z.maxLength(10_000)),
  inputSchema: inputSchemaSchema,
  hints: toolHintsSchema,
  /** The JupyterLab command a command-backed tool runs. */
  command: z.optional(z.string().check(z.maxLength(500)))
});

export const authNonce = z.string().check(z.regex(/^[0-9a-f]{32,128}$/, 'a nonce is 32 to 128 hex digits'));
export const authProof = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'a proof is 64 hex digits'));

const helloFields = {
  type: z.literal('hello'),
  protocol: z.int().check(z.positive()),
  /**
   * The port this page dialled: both proofs cover it (pairing.ts). Required from
   * protocol 2 on; optional here so that an older page's hello still parses and it
   * hears which side to update.
   */
  port: z.optional(z.int().check(z.gte(1), z.lte(65535))),
  nonce: authNonce
};

/**
 * The page's first message: only what the handshake needs. Strict for this
 * protocol; a hello of another may carry what that one sent (protocol 1's named
 * the page), so that it parses and the page hears which side to update.
 */
export const helloSchema = z.looseObject(helloFields).check(
  z.superRefine((hello, ctx) => {
    const unknown = Object.keys(hello).filter((key) => !Object.hasOwn(helloFields, key));
    if (hello.protocol === PROTOCOL_VERSION && unknown.length) {
      ctx.addIssue({
        // Stryker disable next-line StringLiteral: the message below is what the sender reads; no one reads this code.
        code: 'unrecognized_keys',
        keys: unknown,
        message: `Unrecognized key: ${unknown.map((key) => JSON.stringify(key)).join(', ')}`
      });
    }
  })
);

/** The server's half of the token proof (pairing.ts). */
export const challengeSchema = z.object({
  type: z.literal('challenge'),
  nonce: authNonce,
  proof: authProof
});

/** The page's half of the token proof, sent only after the server's checked out, with who the page is. */
export const proofSchema = z.strictObject({
  type: z.literal('proof'),
  proof: authProof,
  bridgeVersion: z.string().check(z.maxLength(100)),
  page: pageIdentitySchema,
  /** Whether the person has the page in front now. */
  focused: z.optional(z.boolean())
});

export const welcomeSchema = z.object({
  type: z.literal('welcome'),
  protocol: z.int().check(z.positive()),
  serverVersion: z.string().check(z.maxLength(100)),
  /** The heartbeat's period: a page that hears nothing from the server for two of them reconnects. */
  heartbeatMs: z.int().check(z.gte(100), z.lte(3_600_000)),
  /**
   * The server asks the page's script to answer each heartbeat with `alive`, and
   * drops a page whose script stops answering (page-liveness.ts). An older page
   * ignores it; an older server sends none, and then the page sends no `alive`.
   */
  answerHeartbeats: z.optional(z.boolean())
});

/** A default tool the page does not offer, and why: the server tells an agent that calls it. */
export const unavailableToolSchema = z.object({
  name: z.string().check(z.maxLength(200)),
  reason: z.string().check(z.maxLength(2000))
});

/** The server is there: browsers answer WebSocket pings by themselves, but a page's script sees only frames. */
export const heartbeatSchema = z.object({ type: z.literal('heartbeat') });

/**
 * The page's script is running: its answer to a heartbeat, and its first word
 * after the catalogue, when the welcome asked for them. A browser answers
 * WebSocket pings by itself even while the page's script is stuck.
 */
export const aliveSchema = z.object({ type: z.literal('alive') });

/** The most tools a catalogue names as unavailable. */
export const MAX_UNAVAILABLE_TOOLS = 100;

export const catalogueSchema = z.object({
  type: z.literal('catalogue'),
  tools: z.array(toolDescriptorSchema).check(z.maxLength(10_000)),
  /** Optional: an older page sends none, and the server says what it can guess. */
  unavailable: z.optional(z.array(unavailableToolSchema).check(z.maxLength(MAX_UNAVAILABLE_TOOLS)))
});

/**
 * The agent a call comes from: one per MCP session (stdio has one, --http one
 * per session), so the page keeps each agent's view of what changed apart
 * (SPEC §2.5). `id` is random, not the session's id, which is a credential;
 * `client` is the name the MCP client gave, for the person to read.
 */
export const callAgentSchema = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'an agent id is 1 to 64 letters, digits, _ or -')),
  client: z.optional(z.string().check(z.maxLength(200)))
});

export const callSchema = z.object({
  type: z.literal('call'),
  callId: id,
  tool: z.string().check(z.maxLength(200)),
  args: z.record(z.string(), z.unknown()),
  /** Optional: an older server names no agent, and the page counts all its calls as one agent's. */
  agent: z.optional(callAgentSchema)
});

/** A picture taken out of a result, sent once beside it (SPEC §3.3). */
export const attachedImageSchema = z.object({
  mimeType: z.enum(['image/png', 'image/jpeg']),
  /** base64 */
  data: z.string()
});

export const resultSchema = z.object({
  type: z.literal('result'),
  callId: id,
  result: toolResultSchema,
  images: z.optional(z.array(attachedImageSchema).check(z.maxLength(50)))
});

/** The person focused the page (clicked, typed, switched to its tab) or left it, or moved in their notebook. */
export const pageStateSchema = z.object({
  type: z.literal('page-state'),
  focused: z.boolean(),
  title: z.optional(z.string().check(z.maxLength(1000))),
  /** Where the person is in their notebook (optional: an older page sends none; null: no notebook). */
  focus: z.optional(z.nullable(personFocusSchema))
});

export const cancelSchema = z.object({
  type: z.literal('cancel'),
  callId: id
});

export const errorMessageSchema = z.object({
  type: z.literal('error'),
  message: z.string().check(z.maxLength(10_000)),
  /** The call the error is about, when there is one. */
  callId: z.optional(id)
});

export const pageMessageSchema = z.discriminatedUnion('type', [
  helloSchema,
  proofSchema,
  catalogueSchema,
  resultSchema,
  pageStateSchema,
  aliveSchema,
  errorMessageSchema
]);

export const serverMessageSchema = z.discriminatedUnion('type', [
  challengeSchema,
  welcomeSchema,
  callSchema,
  cancelSchema,
  heartbeatSchema,
  errorMessageSchema
]);

/** A loose object's type without its index signature. */
type KnownFields<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

export type PageIdentity = z.infer<typeof pageIdentitySchema>;
export type ToolHints = z.infer<typeof toolHintsSchema>;
export type ToolDescriptor = z.infer<typeof toolDescriptorSchema>;
/** The JSON Schema of a tool's or a command's input, as the project reads and lists it. */
export type InputSchema = z.infer<typeof inputSchemaSchema>;
/** The inputs an input schema lists, each a JSON Schema. */
export type InputProperties = NonNullable<InputSchema['properties']>;
/** A hello of this protocol: what another protocol's may carry besides is not part of it. */
export type Hello = KnownFields<z.infer<typeof helloSchema>>;
export type Challenge = z.infer<typeof challengeSchema>;
export type Proof = z.infer<typeof proofSchema>;
export type Welcome = z.infer<typeof welcomeSchema>;
export type Catalogue = z.infer<typeof catalogueSchema>;
export type UnavailableTool = z.infer<typeof unavailableToolSchema>;
export type Call = z.infer<typeof callSchema>;
export type CallAgent = z.infer<typeof callAgentSchema>;
export type ResultMessage = z.infer<typeof resultSchema>;
export type AttachedImage = z.infer<typeof attachedImageSchema>;
/** A call's answer without its envelope: the result and the pictures taken out of it (none is []). */
export type CallAnswer = Required<Pick<ResultMessage, 'result' | 'images'>>;
/** A call's answer in the page, with its result's JSON text when the page wrote it already (JSON.stringify(result), exactly). */
export type PageCallAnswer = CallAnswer & { resultJson?: string };
export type Cancel = z.infer<typeof cancelSchema>;
export type PageState = z.infer<typeof pageStateSchema>;
export type ErrorMessage = z.infer<typeof errorMessageSchema>;
export type Alive = z.infer<typeof aliveSchema>;
export type PageMessage = Hello | Proof | Catalogue | ResultMessage | PageState | Alive | ErrorMessage;
export type ServerMessage = z.infer<typeof serverMessageSchema>;

export type Parsed<T> =
  | { ok: true; message: T }
  /** `callId`: the call a result that could not be used was for, so the call can be answered all the same. */
  | { ok: false; error: string; callId?: string };

/** A message from a page, as the server receives it. */
export function parsePageMessage(data: string, maxBytes = DEFAULT_MAX_MESSAGE_BYTES): Parsed<PageMessage> {
  return parseMessage(data, maxBytes, pageMessageSchema, 'page');
}

/** A message from the server, as the bridge receives it. */
export function parseServerMessage(data: string, maxBytes = DEFAULT_MAX_MESSAGE_BYTES): Parsed<ServerMessage> {
  return parseMessage(data, maxBytes, serverMessageSchema, 'server');
}

export function encodeMessage(message: PageMessage | ServerMessage): string {
  return JSON.stringify(message);
}

/**
 * A result message, as encodeMessage writes it, around the result's JSON text
 * when the page has it already (it wrote it to copy or measure the result): a
 * big read's answer is not written again.
 */
export function encodeResultMessage(callId: string, { result, images, resultJson = JSON.stringify(result) }: PageCallAnswer): string {
  const pictures = images.length ? `,"images":${JSON.stringify(images)}` : '';
  return `{"type":"result","callId":${JSON.stringify(callId)},"result":${resultJson}${pictures}}`;
}

function parseMessage<T>(data: string, maxBytes: number, schema: z.ZodMiniType<T>, sender: 'page' | 'server'): Parsed<T> {
  const expected = sender === 'page' ? PAGE_MESSAGE_TYPES : SERVER_MESSAGE_TYPES;
  // UTF-16 length is a lower bound of the UTF-8 size; it is exact enough to refuse
  // before parsing, and the socket layer enforces the byte limit itself.
  if (data.length > maxBytes) {
    return {
      ok: false,
      error: `message of ${data.length} characters is over the ${maxBytes}-byte limit; send smaller results (see maxResultChars)`
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch (e) {
    return { ok: false, error: `message is not JSON: ${(e as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: 'message is not a JSON object with a "type"' };
  }
  const type = (value as { type?: unknown }).type;
  // Stryker disable next-line ConditionalExpression: `includes` is false for any type that is no string too; the test narrows the type.
  if (typeof type !== 'string' || !expected.includes(type)) {
    return {
      ok: false,
      error: `unknown message type ${JSON.stringify(type)} from the ${sender}; expected one of ${expected.join(', ')}`
    };
  }
  const callId = (value as { callId?: unknown }).callId;
  const unusable = (problem: string): Parsed<T> => ({
    ok: false,
    error: `malformed "${type}" message: ${problem}`,
    ...(type === 'result' && typeof callId === 'string' ? { callId } : {})
  });
  if (nestsDeeperThan(value, MAX_NESTING_DEPTH)) {
    return unusable(`nested deeper than ${MAX_NESTING_DEPTH} levels`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    return unusable(describeIssues(parsed.error));
  }
  return { ok: true, message: parsed.data };
}

/**
 * Whether `value` has objects or arrays nested more than `max` deep. The walk
 * goes no deeper than `max`, whatever the value's depth, so recursion is safe
 * (and allocates nothing, unlike a stack of pairs: this runs on every message).
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  if (max <= 0) {
    return true;
  }
  for (const child of Object.values(value)) {
    if (nestsDeeperThan(child, max - 1)) {
      return true;
    }
  }
  return false;
}

function messageTypes(schema: typeof pageMessageSchema | typeof serverMessageSchema): string[] {
  return schema.def.options.flatMap((option) => option.shape.type.def.values);
}

const PAGE_MESSAGE_TYPES = messageTypes(pageMessageSchema);
const SERVER_MESSAGE_TYPES = messageTypes(serverMessageSchema);

/** Zod issues as one line a person can act on: `path: problem; path: problem`. Keys from the sender are cut short. */
export function describeIssues(error: { readonly issues: readonly z.core.$ZodIssue[] }): string {
  const short = (text: string) => (text.length > 100 ? `${text.slice(0, 100)}…` : text);
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.map((key) => short(String(key))).join('.') : '(message)'}: ${short(issue.message)}`)
    .join('; ');
}
