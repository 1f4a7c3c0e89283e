import { describe, expect, it } from 'vitest';
import { STATUS_SERVICE, parseStatusAnswer, statusChallengeSchema, statusReportSchema } from './index.js';

describe('parseStatusAnswer', () => {
  it('reads a challenge and a report', () => {
    const challenge = { service: STATUS_SERVICE, challenge: 'c'.repeat(64) };
    expect(parseStatusAnswer(statusChallengeSchema, challenge)).toEqual({ kind: 'ok', answer: challenge });
    const report = { service: STATUS_SERVICE, version: '0.1.0', pages: { count: 2, kinds: { 'JupyterLab 4.6.4': 2 } } };
    expect(parseStatusAnswer(statusReportSchema, report)).toEqual({ kind: 'ok', answer: report });
  });

  it('says what is wrong with an answer that claims to be ours', () => {
    expect(parseStatusAnswer(statusChallengeSchema, { service: STATUS_SERVICE, challenge: 42 })).toEqual({
      kind: 'malformed',
      problem: 'challenge: Invalid input: expected string, received number'
    });
    expect(
      parseStatusAnswer(statusReportSchema, { service: STATUS_SERVICE, version: '0.1.0', pages: { count: -1, kinds: {} } })
    ).toMatchObject({
      kind: 'malformed',
      problem: expect.stringMatching(/^pages\.count: /)
    });
  });

  it.each([[undefined], [null], [42], ['not json'], [{ service: 'other' }], [{}], [[]]])(
    'knows %j is not from jupyter-live-mcp',
    (json) => {
      expect(parseStatusAnswer(statusChallengeSchema, json)).toEqual({ kind: 'not-ours' });
    }
  );
});
