import { describe, expect, it } from 'vitest';
import { checkInput, type ArgumentsSchema } from './input-checks.js';

const schema: ArgumentsSchema = {
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
    expect(checkInput('get_context', { properties: {}, additionalProperties: false }, undefined)).toEqual({ ok: true, args: {} });
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

  it('refuses unknown arguments when every declared argument is hidden', () => {
    const result = checkInput('save_notebook', { properties: {}, additionalProperties: false }, { force: true });
    expect(result).toEqual({ ok: false, error: 'save_notebook: unknown argument "force". This tool takes no arguments.' });
  });

  it('passes unknown arguments on to a command that declares none', () => {
    expect(checkInput('my_tool', undefined, { anything: 1 })).toEqual({ ok: true, args: { anything: 1 } });
    expect(checkInput('my_tool', { properties: {} }, { anything: 1 })).toEqual({ ok: true, args: { anything: 1 } });
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
    expect(!result.ok && result.error).toMatch(/^add_cell: missing required argument "notebookPath"/);
  });

  it.each(['notebookPath', 'kernelId', 'cell_id', 'id', 'name', 'fileName', 'widgetID'])(
    'counts a blank %s as missing, since commands fall back to the active document',
    (name) => {
      const result = checkInput('t', { properties: { [name]: { type: 'string' } }, required: [name] }, { [name]: '  ' });
      expect(!result.ok && result.error).toBe(`t: missing required argument "${name}" (it is blank). Accepted arguments: ${name}.`);
    }
  );

  it('accepts a blank string for a required argument whose name is not an id, name or path', () => {
    const result = checkInput('edit_cell', { properties: { content: { type: 'string' } }, required: ['content'] }, { content: '' });
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
