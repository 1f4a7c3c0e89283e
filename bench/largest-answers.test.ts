// Run with: node --import tsx --test bench/largest-answers.test.ts
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AnswerSizes } from './largest-answers.js';

test('keeps the largest answer and counts those about as big', () => {
  const answers = new AnswerSizes();
  answers.note(100, () => ({ n: 1 }));
  answers.note(4_000_000, () => ({ n: 2 }));
  answers.note(3_900_000, () => ({ n: 3 }));
  answers.note(1_000_000, () => ({ n: 4 }));
  answers.note(4_000_100, () => ({ n: 5 }));
  assert.deepEqual(answers.take(), { bytes: 4_000_100, count: 3, resultJson: '{"n":5}' });
});

test('serialises only a new largest result, and starts over once taken', () => {
  const answers = new AnswerSizes();
  answers.note(10, () => ({ first: true }));
  answers.note(5, () => assert.fail('a smaller answer is not serialised'));
  assert.deepEqual(answers.take(), { bytes: 10, count: 1, resultJson: '{"first":true}' });
  assert.deepEqual(answers.take(), { bytes: 0, count: 0, resultJson: undefined });
});

test('an answer without structuredContent leaves no result', () => {
  const answers = new AnswerSizes();
  answers.note(10, () => undefined);
  assert.equal(answers.take().resultJson, undefined);
});
