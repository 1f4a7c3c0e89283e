import { describe, expect, it } from 'vitest';
import { idsShown } from './shown-ids.js';

const uuid = (start: string) => `${start}-0a1b-4c2d-8e3f-000000000000`;
const [a, b, gone] = [uuid('3f2a9c1e'), uuid('b71d0e44'), uuid('77aa0011')];

describe('an answer with its cell ids shown', () => {
  it('shows the ids of its fields, lists and messages short, and those of cells it names that are gone', () => {
    const answer = {
      success: false,
      code: 'conflict',
      error: `cell "${a}" changed; a kernel "k-1" and a word in "quotes" stay`,
      cells: [{ id: a, index: 0, revision: 'r1' }],
      notRun: [b],
      replacedCellId: gone,
      kernel: { id: 'kernel-0123456789' },
      changes: { edited: [{ id: b, index: 1 }], deleted: [uuid('99999999')] }
    };
    expect(idsShown(answer, [a, b]).answer).toEqual({
      success: false,
      code: 'conflict',
      error: 'cell "3f2a9c1e" changed; a kernel "k-1" and a word in "quotes" stay',
      cells: [{ id: '3f2a9c1e', index: 0, revision: 'r1' }],
      notRun: ['b71d0e44'],
      replacedCellId: '77aa0011',
      kernel: { id: 'kernel-0123456789' },
      changes: { edited: [{ id: 'b71d0e44', index: 1 }], deleted: ['99999999'] }
    });
  });

  it("leaves the notebook's own text and the kernel's as they are: sources, outputs, errors, nbformat JSON", () => {
    const answer = {
      cellId: a,
      source: a,
      outputs: [{ text: `"${a}"` }],
      ename: a,
      evalue: `"${a}"`,
      traceback: [a],
      content: { cells: [{ id: a }] }
    };
    expect(idsShown(answer, [a, b]).answer).toEqual({ ...answer, cellId: '3f2a9c1e' });
  });

  it('shows ids that share their first 8 characters one character past what they share, and short ids as they are', () => {
    const answer = { cells: [{ id: 'abcd1234-x' }, { id: 'abcd1234zz' }, { id: 'c1' }] };
    expect(idsShown(answer, ['abcd1234-x', 'abcd1234zz', 'c1']).answer).toEqual({
      cells: [{ id: 'abcd1234-' }, { id: 'abcd1234z' }, { id: 'c1' }]
    });
    const short = { cellIds: ['c1', 'c2'] };
    expect(idsShown(short, ['c1', 'c2']).answer).toBe(short);
  });

  it('copies only what holds an id to shorten: cells shown short already are the same objects', () => {
    const cells = [{ id: '3f2a9c1e', source: a }, { id: 'b71d0e44' }];
    const answer = { cells, readOn: { cellIds: [b] }, note: `read on with read_notebook {"cellIds":["${b}"]}` };
    const shown = idsShown(answer, [a, b]).answer;
    expect(shown).toEqual({ cells, readOn: { cellIds: ['b71d0e44'] }, note: 'read on with read_notebook {"cellIds":["b71d0e44"]}' });
    expect(shown.cells).toBe(cells);
    expect(answer.readOn.cellIds).toEqual([b]);
  });

  it("shows a gone cell apart from the notebook's cells, whose ids stay as every answer shows them", () => {
    const answer = { cells: [{ id: 'section-' }], cellId: 'section-intro', changes: { deleted: ['section-summary'] } };
    expect(idsShown(answer, ['section-intro', 'other-cell-1']).answer).toEqual({
      cells: [{ id: 'section-' }],
      cellId: 'section-',
      changes: { deleted: ['section-s'] }
    });
  });
});
