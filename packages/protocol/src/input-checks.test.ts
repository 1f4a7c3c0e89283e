import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ADD_CELL, EDIT_NOTEBOOK, RUN_CELLS } from './notebook-tools.js';
import { BUILT_IN_INPUTS } from './tool-table.js';
import { checkInput, describeIssue, parseInput } from './input-checks.js';
import type { InputSchema } from './wire.js';

const schema: InputSchema = {
  type: 'object',
  properties: {
    notebookPath: { type: 'string', description: 'Path of the notebook.' },
    cellId: { type: 'string' },
    position: { type: 'integer' },
    content: { type: ['string', 'null'] },
    options: { type: 'object' }
  },
  required: ['notebookPath'],
  additionalProperties: false
};

describe('checkInput', () => {
  it('passes valid arguments through', () => {
    expect(checkInput('add_cell', schema, { notebookPath: 'a.ipynb', position: 2 })).toEqual({
      ok: true,
      args: { notebookPath: 'a.ipynb', position: 2 }
    });
  });

  it('treats absent arguments as an empty object', () => {
    expect(checkInput('get_context', { type: 'object', properties: {}, additionalProperties: false }, undefined)).toEqual({
      ok: true,
      args: {}
    });
  });

  it('treats null arguments as an empty object, which still needs its required ones', () => {
    expect(checkInput('get_context', { type: 'object', properties: {}, additionalProperties: false }, null)).toEqual({
      ok: true,
      args: {}
    });
    expect(checkInput('add_cell', schema, null)).toEqual({
      ok: false,
      error: expect.stringMatching(/^add_cell: missing required argument "notebookPath"/)
    });
  });

  it('passes boolean arguments, true and false, and refuses a boolean as a string', () => {
    const flags: InputSchema = {
      type: 'object',
      properties: { force: { type: 'boolean' }, name: { type: 'string' } },
      required: ['force']
    };
    expect(checkInput('save', flags, { force: true })).toEqual({ ok: true, args: { force: true } });
    expect(checkInput('save', flags, { force: false })).toEqual({ ok: true, args: { force: false } });
    expect(checkInput('save', flags, { force: 'true' })).toEqual({
      ok: false,
      error: 'save: argument "force" must be a boolean, not a string ("true").'
    });
    expect(checkInput('save', flags, { force: true, name: false })).toEqual({
      ok: false,
      error: 'save: argument "name" must be a string, not a boolean.'
    });
  });

  it('refuses arguments that are not an object', () => {
    expect(checkInput('add_cell', schema, [1, 2])).toEqual({
      ok: false,
      error: 'add_cell: arguments must be a JSON object, not an array.'
    });
  });

  it('names an unknown argument and lists the accepted ones', () => {
    expect(checkInput('add_cell', schema, { notebookPath: 'a.ipynb', path: 'b.ipynb' })).toEqual({
      ok: false,
      error: 'add_cell: unknown argument "path". Accepted arguments: notebookPath, cellId, position, content, options.'
    });
  });

  it.each(['toString', 'constructor', 'hasOwnProperty', '__proto__'])(
    'refuses %s, a name every object has but the schema does not',
    (name) => {
      // JSON.parse, as the arguments arrive, makes "__proto__" an own key.
      const args = JSON.parse(`{"notebookPath": "a.ipynb", "${name}": {"notebookPath": 1}}`) as unknown;
      expect(checkInput('add_cell', schema, args)).toEqual({
        ok: false,
        error: expect.stringContaining(`add_cell: unknown argument "${name}".`)
      });
    }
  );

  it('keeps "__proto__" a plain argument for a command that declares none', () => {
    const result = checkInput('my_tool', undefined, JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(result.ok && Object.keys(result.args)).toEqual(['__proto__']);
    expect(result.ok && (result.args as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('refuses unknown arguments of a schema that lists its arguments without additionalProperties: false', () => {
    const result = checkInput('open', { type: 'object', properties: { path: { type: 'string' } } }, { path: 'a.ipynb', pth: 'b.ipynb' });
    expect(result).toEqual({ ok: false, error: 'open: unknown argument "pth". Accepted arguments: path.' });
  });

  it('refuses unknown arguments when every declared argument is hidden', () => {
    const result = checkInput('save_notebook', { type: 'object', properties: {}, additionalProperties: false }, { force: true });
    expect(result).toEqual({ ok: false, error: 'save_notebook: unknown argument "force". This tool takes no arguments.' });
  });

  it('passes unknown arguments on to a command that declares none', () => {
    expect(checkInput('my_tool', undefined, { anything: 1 })).toEqual({ ok: true, args: { anything: 1 } });
    expect(checkInput('my_tool', { type: 'object', properties: {} }, { anything: 1 })).toEqual({ ok: true, args: { anything: 1 } });
  });

  it('reports a missing required argument with its description', () => {
    expect(checkInput('add_cell', schema, {})).toEqual({
      ok: false,
      error:
        'add_cell: missing required argument "notebookPath" — Path of the notebook. Accepted arguments: notebookPath, cellId, position, content, options.'
    });
  });

  it('counts null as missing for a required argument', () => {
    const result = checkInput('add_cell', schema, { notebookPath: null });
    expect(!result.ok && result.error).toBe(
      'add_cell: missing required argument "notebookPath" — Path of the notebook. Accepted arguments: notebookPath, cellId, position, content, options.'
    );
  });

  it('gives a description only when it is text, without its last full stop only', () => {
    const described = (description: unknown) =>
      // Any JSON, or none: a page's command may describe its inputs with anything.
      checkInput('t', { type: 'object', properties: { path: { type: 'string', description } }, required: ['path'] } as InputSchema, {});
    expect(described('The file (e.g. data.csv).')).toEqual({
      ok: false,
      error: 't: missing required argument "path" — The file (e.g. data.csv). Accepted arguments: path.'
    });
    for (const none of ['', 42, undefined]) {
      expect(described(none)).toEqual({ ok: false, error: 't: missing required argument "path". Accepted arguments: path.' });
    }
    // Required but not listed: nothing to describe.
    expect(checkInput('t', { type: 'object', properties: { a: { type: 'string' } }, required: ['b'] }, { a: 'x' })).toEqual({
      ok: false,
      error: 't: missing required argument "b". Accepted arguments: a.'
    });
  });

  it('takes any value for an argument whose schema is not an object', () => {
    // A page's command may declare any JSON as a property's schema.
    const loose = { type: 'object', properties: { a: null, b: true } } as unknown as InputSchema;
    expect(checkInput('t', loose, { a: 1, b: 'x' })).toEqual({ ok: true, args: { a: 1, b: 'x' } });
  });

  it('names what arrived when it is no JSON value at all (a WebMCP caller passes JavaScript)', () => {
    expect(checkInput('t', schema, () => 1)).toEqual({ ok: false, error: 't: arguments must be a JSON object, not undefined.' });
    expect(checkInput('t', schema, { notebookPath: 'a', cellId: () => 1 })).toEqual({
      ok: false,
      error: 't: argument "cellId" must be a string, not undefined.'
    });
  });

  it('counts a JavaScript bigint (from a WebMCP caller) as a number', () => {
    const counted = { type: 'object', properties: { n: { type: 'number' }, s: { type: 'string' } } } as InputSchema;
    expect(checkInput('t', counted, { n: 10n })).toEqual({ ok: true, args: { n: 10n } });
    expect(checkInput('t', counted, { s: 10n })).toEqual({ ok: false, error: 't: argument "s" must be a string, not a number (10).' });
  });

  it('quotes a wrong string of up to 40 characters whole, and the first 40 of a longer one', () => {
    const quoted = (text: string) => {
      const result = checkInput('t', schema, { notebookPath: 'a', position: text });
      return !result.ok && result.error;
    };
    expect(quoted('x'.repeat(40))).toBe(`t: argument "position" must be an integer, not a string ("${'x'.repeat(40)}").`);
    expect(quoted(`${'x'.repeat(40)}yz`)).toBe(`t: argument "position" must be an integer, not a string ("${'x'.repeat(40)}…").`);
  });

  it.each(['notebookPath', 'kernelId', 'cell_id', 'id', 'name', 'fileName', 'widgetID'])(
    'counts a blank %s as missing, since commands fall back to the active document',
    (name) => {
      const result = checkInput('t', { type: 'object', properties: { [name]: { type: 'string' } }, required: [name] }, { [name]: '  ' });
      expect(!result.ok && result.error).toBe(`t: missing required argument "${name}" (it is blank). Accepted arguments: ${name}.`);
    }
  );

  it.each(['valid', 'identity', 'Ideas', 'IDEAS', '_idle', 'namesake', 'Nameless', 'pathology', 'Pathway'])(
    'accepts a blank %s: the name only contains id, name or path',
    (name) => {
      const result = checkInput('t', { type: 'object', properties: { [name]: { type: 'string' } }, required: [name] }, { [name]: ' ' });
      expect(result).toEqual({ ok: true, args: { [name]: ' ' } });
    }
  );

  it.each([5, false, 0, [], {}])('says a required %j of the wrong type is of the wrong type, not missing', (value) => {
    const result = checkInput(
      't',
      { type: 'object', properties: { notebookPath: { type: 'string' } }, required: ['notebookPath'] },
      { notebookPath: value }
    );
    expect(!result.ok && result.error).toMatch(/^t: argument "notebookPath" must be a string, not an? (number|boolean|array|object)\.$/);
  });

  it('accepts a blank string for a required argument whose name is not an id, name or path', () => {
    const result = checkInput(
      'edit_cell',
      { type: 'object', properties: { content: { type: 'string' } }, required: ['content'] },
      { content: '' }
    );
    expect(result).toEqual({ ok: true, args: { content: '' } });
  });

  it('names the expected and the given type', () => {
    expect(checkInput('add_cell', schema, { notebookPath: 5 })).toEqual({
      ok: false,
      error: 'add_cell: argument "notebookPath" must be a string, not a number.'
    });
    expect(checkInput('add_cell', schema, { notebookPath: 'a', position: 1.5 })).toEqual({
      ok: false,
      error: 'add_cell: argument "position" must be an integer, not a number (1.5).'
    });
    expect(checkInput('add_cell', schema, { notebookPath: 'a', options: 'x' })).toEqual({
      ok: false,
      error: 'add_cell: argument "options" must be an object, not a string ("x").'
    });
  });

  it('accepts any of several types', () => {
    expect(checkInput('add_cell', schema, { notebookPath: 'a', content: 'x' }).ok).toBe(true);
    expect(checkInput('add_cell', schema, { notebookPath: 'a', content: 3 })).toEqual({
      ok: false,
      error: 'add_cell: argument "content" must be a string or a null, not a number.'
    });
  });

  it('drops null optional arguments and the UI-only arguments', () => {
    const result = checkInput('add_cell', schema, { notebookPath: 'a', cellId: null, isPalette: true, _luminoEvent: {} });
    expect(result).toEqual({ ok: true, args: { notebookPath: 'a' } });
  });
});

const issue = (declaration: { input: z.ZodMiniObject }, args: Record<string, unknown>, tool = 'add_cell') => {
  const parsed = declaration.input.safeParse(args);
  if (parsed.success) throw new Error('expected a failure');
  return describeIssue(tool, Object.keys(declaration.input.shape), args, parsed.error);
};

describe('describeIssue', () => {
  it('names an unknown argument and the accepted ones', () => {
    expect(issue(ADD_CELL, { notebookPath: 'a.ipynb', background: true })).toBe(
      'add_cell: unknown argument "background". Accepted arguments: notebookPath, content, cellType, position, referenceCellId.'
    );
  });

  it('names a missing required argument', () => {
    expect(issue(ADD_CELL, {})).toBe(
      'add_cell: missing required argument "notebookPath". Accepted arguments: notebookPath, content, cellType, position, referenceCellId.'
    );
  });

  it('says what a value should be', () => {
    expect(issue(ADD_CELL, { notebookPath: 'a.ipynb', cellType: 'sql' })).toMatch(
      /^add_cell: argument "cellType": .*"code"\|"markdown"\|"raw"/
    );
  });

  it('names a field inside an argument by its path, e.g. which edit', () => {
    const nb = { notebookPath: 'a.ipynb' };
    expect(issue(EDIT_NOTEBOOK, { ...nb, edits: [{ op: 'add' }, { op: 'delete' }] }, 'edit_notebook')).toBe(
      'edit_notebook: "edits[1].cellId" is missing.'
    );
    expect(issue(EDIT_NOTEBOOK, { ...nb, edits: [{ op: 'remove', cellId: 'c' }] }, 'edit_notebook')).toBe(
      'edit_notebook: argument "edits[0].op": op must be one of "add", "set_source", "delete", "move", "set_type".'
    );
    expect(issue(EDIT_NOTEBOOK, { ...nb, edits: [{ op: 'delete', cellId: 'c', id: 'c' }] }, 'edit_notebook')).toMatch(
      /^edit_notebook: argument "edits\[0\]" has an unknown field "id"/
    );
    expect(issue(EDIT_NOTEBOOK, { ...nb, edits: [] }, 'edit_notebook')).toMatch(/^edit_notebook: argument "edits": .*>=1 items/);
  });

  it("says a check of the arguments together in the check's own words", () => {
    const message =
      'run_cells: say which cells to run with exactly one of cellIds (a list of ids), fromCellId (a cell and all below it) or all: true.';
    expect(issue(RUN_CELLS, { notebookPath: 'a.ipynb' }, 'run_cells')).toBe(message);
    expect(issue(RUN_CELLS, { notebookPath: 'a.ipynb', all: true, fromCellId: 'c' }, 'run_cells')).toBe(message);
    expect(issue(RUN_CELLS, { notebookPath: 'a.ipynb', all: false }, 'run_cells')).toBe(message);
  });
});

describe('describeIssue of a value of the wrong type', () => {
  it('names the value, never calls it missing', () => {
    expect(issue(ADD_CELL, { notebookPath: 5 })).toMatch(/^add_cell: argument "notebookPath": .*string/);
    expect(issue(EDIT_NOTEBOOK, { notebookPath: 'a.ipynb', edits: [{ op: 'delete', cellId: 7 }] }, 'edit_notebook')).toMatch(
      /^edit_notebook: argument "edits\[0\]\.cellId": .*string/
    );
  });
});

describe('parseInput', () => {
  it("enforces the zod input's limits that a JSON type check does not see, naming the limit", () => {
    expect(parseInput('wait_for_result', BUILT_IN_INPUTS.wait_for_result, { pendingId: 'pending-1', seconds: 301 })).toEqual({
      ok: false,
      error: 'wait_for_result: argument "seconds": Too big: expected number to be <=300.'
    });
    expect(parseInput('list_all_commands', BUILT_IN_INPUTS.list_all_commands, { limit: 0 })).toEqual({
      ok: false,
      error: 'list_all_commands: argument "limit": Too small: expected number to be >=1.'
    });
  });

  it("gives the message of a check of the arguments together, at an argument left out, as that check's, not as missing", () => {
    const input = z
      .strictObject({ from: z.optional(z.string()), all: z.optional(z.boolean()) })
      .check(z.refine((args) => args.all || args.from, { path: ['from'], message: 'Give from, or all: true' }));
    expect(parseInput('t', input, {})).toEqual({ ok: false, error: 't: argument "from": Give from, or all: true.' });
  });

  it('passes good arguments through typed', () => {
    expect(parseInput('wait_for_result', BUILT_IN_INPUTS.wait_for_result, { pendingId: 'pending-1', seconds: 300 })).toEqual({
      ok: true,
      args: { pendingId: 'pending-1', seconds: 300 }
    });
  });
});
