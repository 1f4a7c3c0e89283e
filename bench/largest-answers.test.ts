import { describe, expect, it } from 'vitest';
import { AnswerSizes } from './largest-answers.js';

describe('AnswerSizes', () => {
  it('keeps the largest answer and counts those about as big', () => {
    const answers = new AnswerSizes();
    answers.note(100, () => ({ n: 1 }));
    answers.note(4_000_000, () => ({ n: 2 }));
    answers.note(3_900_000, () => ({ n: 3 }));
    answers.note(1_000_000, () => ({ n: 4 }));
    answers.note(4_000_100, () => ({ n: 5 }));
    expect(answers.take()).toEqual({ bytes: 4_000_100, count: 3, answers: 5, resultJson: '{"n":5}' });
  });

  it('serialises only a new largest result, and starts over once taken', () => {
    const answers = new AnswerSizes();
    answers.note(10, () => ({ first: true }));
    answers.note(5, () => expect.unreachable('a smaller answer is not serialised'));
    expect(answers.take()).toEqual({ bytes: 10, count: 1, answers: 2, resultJson: '{"first":true}' });
    expect(answers.take()).toEqual({ bytes: 0, count: 0, answers: 0, resultJson: undefined });
  });

  it('an answer without structuredContent leaves no result', () => {
    const answers = new AnswerSizes();
    answers.note(10, () => undefined);
    expect(answers.take().resultJson).toBe(undefined);
  });
});
