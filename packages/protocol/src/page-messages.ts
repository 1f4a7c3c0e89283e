/**
 * The messages a page sends (wire.ts says the protocol), as the server checks
 * them on arrival. Only the server's side imports this module: the page, which
 * writes these messages and never reads them, does not carry their checks.
 */
import * as z from 'zod/mini';
import './zod-english.js';
import { personFocusSchema } from './person-focus.js';
import { toolResultSchema } from './result-schema.js';
import {
  DEFAULT_MAX_MESSAGE_BYTES,
  PROTOCOL_VERSION,
  authNonce,
  authProof,
  errorMessageSchema,
  inputSchemaSchema,
  messageTypes,
  parseMessage,
  toolHintsSchema,
  wireId,
  type ErrorMessage,
  type Parsed
} from './wire.js';

/** Who the page is; sent with its proof, so a server that cannot prove the token never learns it. */
export const pageIdentitySchema = z.strictObject({
  /** Per browser tab; survives reloads of the socket and of the page. */
  pageId: wireId,
  app: z.strictObject({ name: z.string().check(z.maxLength(200)), version: z.string().check(z.maxLength(100)) }),
  url: z.string().check(z.maxLength(8192)),
  title: z.optional(z.string().check(z.maxLength(1000)))
});

export const toolDescriptorSchema = z.object({
  name: z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,128}$/, 'a tool name is 1–128 of A–Z a–z 0–9 _ . -')),
  title: z.optional(z.string().check(z.maxLength(200))),
  description: z.string().check(z.maxLength(10_000)),
  inputSchema: inputSchemaSchema,
  hints: toolHintsSchema,
  /** The JupyterLab command a command-backed tool runs. */
  command: z.optional(z.string().check(z.maxLength(500)))
});

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

/** The page's half of the token proof, sent only after the server's checked out, with who the page is. */
export const proofSchema = z.strictObject({
  type: z.literal('proof'),
  proof: authProof,
  bridgeVersion: z.string().check(z.maxLength(100)),
  page: pageIdentitySchema,
  /** Whether the person has the page in front now. */
  focused: z.optional(z.boolean())
});

/** A default tool the page does not offer, and why: the server tells an agent that calls it. */
export const unavailableToolSchema = z.object({
  name: z.string().check(z.maxLength(200)),
  reason: z.string().check(z.maxLength(2000))
});

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

/** A picture taken out of a result, sent once beside it (SPEC §3.3). */
export const attachedImageSchema = z.object({
  mimeType: z.enum(['image/png', 'image/jpeg']),
  /** base64 */
  data: z.string()
});

export const resultSchema = z.object({
  type: z.literal('result'),
  callId: wireId,
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

export const pageMessageSchema = z.discriminatedUnion('type', [
  helloSchema,
  proofSchema,
  catalogueSchema,
  resultSchema,
  pageStateSchema,
  aliveSchema,
  errorMessageSchema
]);

const PAGE_MESSAGE_TYPES = messageTypes(pageMessageSchema);

/** A message from a page, as the server receives it. */
export function parsePageMessage(data: string, maxBytes = DEFAULT_MAX_MESSAGE_BYTES): Parsed<PageMessage> {
  return parseMessage(data, maxBytes, pageMessageSchema, 'page', PAGE_MESSAGE_TYPES);
}

/** A loose object's type without its index signature. */
type KnownFields<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

export type PageIdentity = z.infer<typeof pageIdentitySchema>;
export type ToolDescriptor = z.infer<typeof toolDescriptorSchema>;
/** A hello of this protocol: what another protocol's may carry besides is not part of it. */
export type Hello = KnownFields<z.infer<typeof helloSchema>>;
export type Proof = z.infer<typeof proofSchema>;
export type Catalogue = z.infer<typeof catalogueSchema>;
export type UnavailableTool = z.infer<typeof unavailableToolSchema>;
export type ResultMessage = z.infer<typeof resultSchema>;
export type AttachedImage = z.infer<typeof attachedImageSchema>;
/** A call's answer without its envelope: the result and the pictures taken out of it (none is []). */
export type CallAnswer = Required<Pick<ResultMessage, 'result' | 'images'>>;
/** A call's answer as the page sends it: its result as JSON text, written once as the tool ended, and the pictures taken out of it. */
export type PageCallAnswer = Pick<CallAnswer, 'images'> & { resultJson: string };
export type PageState = z.infer<typeof pageStateSchema>;
export type Alive = z.infer<typeof aliveSchema>;
export type PageMessage = Hello | Proof | Catalogue | ResultMessage | PageState | Alive | ErrorMessage;
