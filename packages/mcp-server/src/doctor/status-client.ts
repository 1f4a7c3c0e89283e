/**
 * Asks whatever holds the bridge port what it is, through the server's GET
 * /status (hub/status-endpoint.ts): first for a challenge, then with a proof
 * of the pairing token for the version and the connected pages.
 */
import { request } from 'node:http';
import {
  parseStatusAnswer,
  proofOf,
  randomHex,
  statusChallengeSchema,
  statusReportSchema,
  type StatusReport
} from '@jupyter-live-mcp/protocol';
import { STATUS_PATH, STATUS_PROOF_HEADER } from '../hub/status-endpoint.js';
import { urlHost } from '../net/url-host.js';

export type StatusProbe =
  /** A jupyter-live-mcp that accepted our proof of the token. */
  | { kind: 'paired'; version: string; pages: StatusReport['pages'] }
  /** A jupyter-live-mcp that refused our proof: it runs with another token. */
  | { kind: 'other-token' }
  /** A jupyter-live-mcp too old to answer /status. */
  | { kind: 'old-server' }
  /** A jupyter-live-mcp whose /status answer this version cannot read (another version). */
  | { kind: 'malformed'; problem: string }
  /** Something else, or nothing that speaks HTTP. */
  | { kind: 'not-ours'; detail: string };

const TIMEOUT_MS = 3000;

/** `token` undefined: there is no token to prove, so only "is it jupyter-live-mcp" is asked. */
export async function probeStatus(host: string, port: number, token: string | undefined): Promise<StatusProbe> {
  let first: Reply;
  try {
    first = await get(host, port, {});
  } catch (error) {
    return { kind: 'not-ours', detail: (error as Error).message };
  }
  const challenge = parseStatusAnswer(statusChallengeSchema, first.json);
  if (challenge.kind === 'malformed') {
    return { kind: 'malformed', problem: challenge.problem };
  }
  if (challenge.kind === 'not-ours') {
    // Before /status existed, every plain request got this 426 text.
    return first.status === 426 && first.text.includes('jupyter-live-mcp bridge endpoint')
      ? { kind: 'old-server' }
      : { kind: 'not-ours', detail: `it answers HTTP ${first.status} to GET ${STATUS_PATH}` };
  }
  if (token === undefined) {
    return { kind: 'other-token' };
  }
  const nonce = randomHex();
  const proof = proofOf(token, 'doctor', { port, pageNonce: nonce, serverNonce: challenge.answer.challenge });
  let second: Reply;
  try {
    second = await get(host, port, { [STATUS_PROOF_HEADER]: `${challenge.answer.challenge} ${nonce} ${proof}` });
  } catch (error) {
    return { kind: 'not-ours', detail: (error as Error).message };
  }
  if (second.status !== 200) {
    return { kind: 'other-token' };
  }
  const report = parseStatusAnswer(statusReportSchema, second.json);
  if (report.kind === 'ok') {
    return { kind: 'paired', version: report.answer.version, pages: report.answer.pages };
  }
  const problem = report.kind === 'malformed' ? report.problem : 'the answer to the proven request is no status report';
  return { kind: 'malformed', problem };
}

interface Reply {
  status: number;
  text: string;
  json: unknown;
}

function get(host: string, port: number, headers: Record<string, string>): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      // Host as a browser on this machine would send it, so the endpoint's Host check passes.
      {
        host,
        port,
        path: STATUS_PATH,
        method: 'GET',
        headers: { ...headers, host: urlHost(host, port) },
        agent: false,
        timeout: TIMEOUT_MS
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.length > 100_000) {
            req.destroy(new Error('it answers with more than 100 kB'));
          }
        });
        response.on('end', () => {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, text, json });
        });
      }
    );
    req.on('timeout', () => req.destroy(new Error(`it accepts connections but does not answer HTTP within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end();
  });
}
