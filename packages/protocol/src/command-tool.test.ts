import { describe, expect, it } from 'vitest';
import { commandToolDescriptor, schemaProperties } from './command-tool.js';
import { DEFAULT_TOOLS } from './default-tools.js';
import { R } from './tool-listing.js';

/** The schema jupyterlab-ai-commands 0.4 declares for set-cell-content. */
const setCellContent = {
  type: 'object',
  properties: {
    notebookPath: { type: 'string', description: 'Path to the notebook' },
    cellId: { type: 'string', description: 'Cell id' },
    content: { type: 'string', description: 'New content' },
    showDiff: { type: 'boolean', description: 'Show a diff' },
    diffMode: { type: 'string', description: 'unified or split' },
    background: { type: 'boolean', description: 'Do not activate' }
  }
};

describe('commandToolDescriptor', () => {
  // edit_cell as the jupyterlab-ai-commands mode runs it.
  const editCell = DEFAULT_TOOLS.find((tool) => tool.name === 'edit_cell')!;
  const tool = { ...editCell, command: editCell.aiCommands!.command, fixedArgs: editCell.aiCommands!.fixedArgs };

  it("narrows the command's own schema: inputs shown, requiredness raised, fixed arguments hidden", () => {
    expect(commandToolDescriptor(tool, setCellContent).inputSchema).toEqual({
      type: 'object',
      properties: {
        notebookPath: { type: 'string', description: 'Path to the notebook' },
        cellId: { type: 'string', description: 'Cell id' },
        content: { type: 'string', description: 'New content' }
      },
      required: ['notebookPath', 'content'],
      additionalProperties: false
    });
  });

  it('keeps working when a newer command drops an input', () => {
    const { cellId: _dropped, ...properties } = setCellContent.properties;
    expect(Object.keys(commandToolDescriptor(tool, { ...setCellContent, properties }).inputSchema.properties!)).toEqual([
      'notebookPath',
      'content'
    ]);
  });

  it('uses the table schema when the command declares none, or an old non-schema shape', () => {
    for (const described of [null, { notebookPath: { description: 'old 0.1 shape' } }]) {
      expect(commandToolDescriptor(tool, described).inputSchema.properties).toEqual(editCell.properties);
    }
  });

  it('shows every declared input of a settings tool without an args list, minus fixed and UI-only ones', () => {
    const descriptor = commandToolDescriptor(
      { name: 'x', description: 'd', command: 'c', hints: R, required: [], fixedArgs: { background: true } },
      {
        type: 'object',
        properties: { path: { type: 'string' }, background: { type: 'boolean' }, isPalette: { type: 'boolean' } },
        required: ['path']
      }
    );
    expect(descriptor.inputSchema).toEqual({
      type: 'object',
      properties: { path: { type: 'string' } },
      required: ['path'],
      additionalProperties: false
    });
  });

  it('leaves a command that declares nothing open to any argument, unless inputs are listed', () => {
    const open = commandToolDescriptor({ name: 'x', description: 'd', command: 'c', hints: R, required: [], fixedArgs: {} }, null);
    expect(open.inputSchema).toEqual({ type: 'object', properties: {} });
    const listed = commandToolDescriptor(
      { name: 'x', description: 'd', command: 'c', hints: R, inputs: ['path'], required: ['path'], fixedArgs: {} },
      null
    );
    expect(listed.inputSchema).toEqual({
      type: 'object',
      properties: { path: {} },
      required: ['path'],
      additionalProperties: false
    });
  });
});

describe('schemaProperties', () => {
  it('reads the properties of an object schema, and of nothing else, as no schema (undefined, never null)', () => {
    expect(schemaProperties({ type: 'object', properties: { path: { type: 'string' } } })).toEqual({ path: { type: 'string' } });
    for (const described of [
      undefined,
      null,
      { type: 'object' },
      { type: 'object', properties: null },
      { type: 'object', properties: 'path' },
      { type: 'string', properties: { path: {} } },
      { properties: { path: {} } }
    ]) {
      expect(schemaProperties(described), JSON.stringify(described)).toBeUndefined();
    }
  });
});

describe('commandToolDescriptor, a tool of the settings', () => {
  const settingsTool = { name: 'x', description: 'd', command: 'c', hints: R, fixedArgs: { background: true } };

  it('leaves out a listed input the command does not declare, and requires only inputs it shows', () => {
    const descriptor = commandToolDescriptor(
      { ...settingsTool, inputs: ['path', 'gone', 'background'], required: ['path', 'gone', 'background'] },
      { type: 'object', properties: { path: { type: 'string' }, background: { type: 'boolean' }, isPalette: {} }, required: ['isPalette'] }
    );
    expect(descriptor.inputSchema).toEqual({
      type: 'object',
      properties: { path: { type: 'string' } },
      required: ['path'],
      additionalProperties: false
    });
  });

  it('is listed with its title when it has one, and without one when not', () => {
    const described = { type: 'object', properties: {} };
    expect(commandToolDescriptor({ ...settingsTool, title: 'Rename a file', required: [] }, described)).toEqual({
      name: 'x',
      title: 'Rename a file',
      description: 'd',
      command: 'c',
      hints: R,
      inputSchema: { type: 'object', properties: {}, additionalProperties: false }
    });
    expect(commandToolDescriptor({ ...settingsTool, required: [] }, described)).not.toHaveProperty('title');
  });
});
