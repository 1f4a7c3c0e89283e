import { describe, expect, it } from 'vitest';
import { NO_OAUTH, oauthAnswer } from './oauth-discovery.js';

const description = (body: string) => (JSON.parse(body) as { error: string; error_description: string }).error_description;

describe('oauthAnswer', () => {
  it.each([
    '/.well-known/oauth-protected-resource',
    '/.well-known/oauth-protected-resource/mcp',
    '/.well-known/oauth-authorization-server',
    '/.well-known/openid-configuration',
    '/mcp/.well-known/openid-configuration'
  ])('answers the metadata probe %s with 404 and what to do', (path) => {
    const answer = oauthAnswer('GET', path)!;
    expect(answer.status).toBe(404);
    expect(description(answer.body)).toBe(`${NO_OAUTH}.`);
  });

  it('refuses registration and tokens with an OAuth error saying to put the bearer key into the headers', () => {
    for (const path of ['/register', '/token']) {
      const answer = oauthAnswer('POST', path)!;
      expect(answer).toMatchObject({ status: 403, contentType: 'application/json' });
      expect(JSON.parse(answer.body)).toEqual({
        error: 'access_denied',
        error_description:
          'This jupyter-live-mcp endpoint takes no OAuth sign-in but a key in a header: put the key that `jupyter-live-mcp token ' +
          '--bearer` prints into your MCP client\'s headers as "Authorization: Bearer <key>", then reconnect.'
      });
    }
  });

  it('tells a browser sent to /authorize in plain text, and leaves other paths alone', () => {
    expect(oauthAnswer('GET', '/authorize')).toEqual({ status: 403, contentType: 'text/plain; charset=utf-8', body: `${NO_OAUTH}.\n` });
    expect(oauthAnswer('POST', '/mcp')).toBeUndefined();
    // Only a browser's GET of /authorize is a person reading: a client's POST there, or a GET of /token, gets the OAuth error.
    for (const [method, path] of [
      ['POST', '/authorize'],
      ['GET', '/token'],
      ['GET', '/revoke']
    ] as const) {
      const answer = oauthAnswer(method, path)!;
      expect(answer).toMatchObject({ status: 403, contentType: 'application/json' });
      expect(description(answer.body)).toBe(`${NO_OAUTH}.`);
    }
    expect(oauthAnswer('GET', '/registered')).toBeUndefined();
    expect(oauthAnswer('GET', '/.well-known/security.txt')).toBeUndefined();
  });
});
