import { describe, expect, it } from 'vitest';
import { describeCommand, matchesQuery, withoutUiArguments, type CommandFacts } from './command-listing.js';

const runCell: CommandFacts = {
  id: 'notebook:run-cell',
  label: 'Run Selected Cell and Do not Advance',
  caption: 'Run this cell',
  usage: '',
  enabled: true,
  toggleable: false,
  toggled: false,
  args: null
};

describe('matchesQuery', () => {
  it('finds by any word of id, label, caption or usage, ignoring case', () => {
    expect(matchesQuery(runCell, 'RUN cell')).toBe(true);
    expect(matchesQuery(runCell, 'notebook:run')).toBe(true);
    expect(matchesQuery(runCell, 'this')).toBe(true);
    expect(matchesQuery(runCell, 'run kernel')).toBe(false);
    expect(matchesQuery(runCell, '')).toBe(true);
    // Fields are apart: a word does not run from one into the next.
    expect(matchesQuery(runCell, 'cellrun')).toBe(false);
  });
});

describe('describeCommand', () => {
  it('shows caption and description only when they add text', () => {
    expect(
      describeCommand({ ...runCell, caption: 'Run Selected Cell and Do not Advance.', usage: 'run selected cell and do not advance' })
    ).toEqual({
      id: 'notebook:run-cell',
      label: 'Run Selected Cell and Do not Advance',
      enabled: true
    });
    expect(describeCommand({ ...runCell, usage: 'Runs the active cell.' })).toMatchObject({
      caption: 'Run this cell',
      description: 'Runs the active cell.'
    });
  });

  it('leaves out what only repeats: an empty text, or one that is the label or the caption but for case, spaces and dots at the end', () => {
    expect(describeCommand(runCell)).toStrictEqual({
      id: 'notebook:run-cell',
      label: 'Run Selected Cell and Do not Advance',
      caption: 'Run this cell',
      enabled: true
    });
    expect(describeCommand({ ...runCell, caption: '  run selected cell and do not advance...  ' })).toStrictEqual({
      id: 'notebook:run-cell',
      label: 'Run Selected Cell and Do not Advance',
      enabled: true
    });
    expect(describeCommand({ ...runCell, usage: 'run this cell…' })).not.toHaveProperty('description');
    expect(describeCommand({ ...runCell, label: 'Show v1.2 notes', caption: 'Show v12 notes' })).toHaveProperty(
      'caption',
      'Show v12 notes'
    );
  });

  it('shows toggled only for toggleable commands, and the tool that runs it', () => {
    expect(describeCommand({ ...runCell, toggleable: true, toggled: false })).toHaveProperty('toggled', false);
    expect(describeCommand(runCell)).not.toHaveProperty('toggled');
    expect(describeCommand({ ...runCell, tool: 'run_cell' })).toHaveProperty('tool', 'run_cell');
  });

  it('gives the args schema without UI-only arguments', () => {
    const args = {
      type: 'object',
      properties: { toolbar: { type: 'boolean' }, activate: { type: 'boolean' }, isPalette: { type: 'boolean' } },
      required: ['isPalette']
    };
    expect(describeCommand({ ...runCell, args }).args).toEqual({ type: 'object', properties: { activate: { type: 'boolean' } } });
    const withPath = { ...args, properties: { ...args.properties, path: { type: 'string' } }, required: ['path', 'isPalette'] };
    expect(describeCommand({ ...runCell, args: withPath }).args).toEqual({
      type: 'object',
      properties: { activate: { type: 'boolean' }, path: { type: 'string' } },
      required: ['path']
    });
  });
});

describe('withoutUiArguments', () => {
  it('keeps a schema that still says something, such as "no other arguments"', () => {
    expect(withoutUiArguments({ type: 'object', properties: { toolbar: {} }, additionalProperties: false })).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false
    });
  });

  it('drops a schema that has nothing left to say', () => {
    expect(withoutUiArguments({ type: 'object', properties: { toolbar: { type: 'boolean' } } })).toBeUndefined();
  });
});
