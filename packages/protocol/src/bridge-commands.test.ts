import { describe, expect, it } from 'vitest';
import { BRIDGE_COMMANDS_PREFIX } from './bridge-commands.js';
import { commandArgsSchema } from './command-schemas.js';
import { commandToolDescriptor } from './command-tool.js';
import { DEFAULT_TOOLS, defaultToolsFor } from './default-tools.js';
import { ADD_CELL, EDIT_CELL, EDIT_NOTEBOOK, NOTEBOOK_TOOLS as DECLARATIONS, READ_NOTEBOOK, RUN_CELLS } from './notebook-tools.js';
import { AI_COMMANDS_EXTENSION } from './tool-listing.js';

const NOTEBOOK_TOOLS = [
  'read_notebook',
  'read_cell',
  'add_cell',
  'edit_cell',
  'delete_cell',
  'run_cell',
  'save_notebook',
  'create_notebook',
  'list_directory',
  'read_file',
  'write_file',
  'create_file',
  'execute_code'
];

describe("the bridge's notebook, file and kernel commands", () => {
  it('all live under the bridge prefix', () => {
    for (const id of DECLARATIONS.map((declaration) => declaration.command)) {
      expect(id.startsWith(BRIDGE_COMMANDS_PREFIX)).toBe(true);
    }
  });

  it('declare the JSON Schema of their zod input, with required inputs and nothing else allowed', () => {
    expect(commandArgsSchema(EDIT_CELL)).toEqual({
      type: 'object',
      properties: {
        notebookPath: { type: 'string' },
        cellId: { type: 'string' },
        content: { type: 'string' },
        ifRevision: { type: 'string' },
        force: { type: 'boolean' }
      },
      required: ['notebookPath', 'content'],
      additionalProperties: false
    });
    expect(commandArgsSchema(ADD_CELL).properties!.cellType).toMatchObject({ type: 'string', enum: ['code', 'markdown', 'raw'] });
  });

  it("declare each command's input as its plain JSON Schema, the same at every listing, and name a command without one", () => {
    expect(commandArgsSchema(EDIT_CELL)).toBe(commandArgsSchema({ command: EDIT_CELL.command }));
    expect(() => commandArgsSchema({ command: `${BRIDGE_COMMANDS_PREFIX}unknown` })).toThrow(
      'jupyter-live-mcp:unknown has no input schema written: name it in schema-sources.ts and build the protocol.'
    );
    expect(() => commandArgsSchema({ command: 'toString' })).toThrow('toString has no input schema written');
  });

  it('refuse a missing content and an unknown argument (their own check, for execute_command callers)', () => {
    expect(EDIT_CELL.input.safeParse({ notebookPath: 'a.ipynb', cellId: 'c' }).success).toBe(false);
    // The schema leaves out minLength 1; the check refuses a blank id all the same.
    expect(EDIT_CELL.input.safeParse({ notebookPath: 'a.ipynb', cellId: '', content: 'x' }).success).toBe(false);
    expect(READ_NOTEBOOK.input.safeParse({ notebookPath: 'a.ipynb', background: true }).success).toBe(false);
  });
});

describe('the default notebook, file and kernel tools', () => {
  const tools = DEFAULT_TOOLS.filter((tool) => NOTEBOOK_TOOLS.includes(tool.name));

  it("run the bridge's own commands and list exactly those commands' inputs", () => {
    expect(tools.map((tool) => tool.name)).toEqual(NOTEBOOK_TOOLS);
    for (const tool of tools) {
      const declaration = DECLARATIONS.find((candidate) => candidate.command === tool.command);
      expect(declaration, tool.name).toBeDefined();
      expect(tool.declaration).toBe(declaration);
      const schema = commandArgsSchema(declaration!);
      expect(tool.properties).toEqual(schema.properties);
      expect(tool.required).toEqual(schema.required ?? []);
      expect(tool.fixedArgs).toEqual({});
    }
  });

  it('keep the input names of SPEC §2.2; create_notebook also takes a kernel, the reads a format, cells and an output (§2.3b)', () => {
    const inputs = Object.fromEntries(tools.map((tool) => [tool.name, Object.keys(tool.properties)]));
    expect(inputs).toEqual({
      read_notebook: ['notebookPath', 'format', 'from', 'to', 'cellIds'],
      read_cell: ['notebookPath', 'cellId', 'outputIndex'],
      add_cell: ['notebookPath', 'content', 'cellType', 'position', 'referenceCellId'],
      edit_cell: ['notebookPath', 'cellId', 'content', 'ifRevision', 'force'],
      delete_cell: ['notebookPath', 'cellId', 'ifRevision', 'force'],
      run_cell: ['notebookPath', 'cellId'],
      save_notebook: ['notebookPath'],
      create_notebook: ['name', 'kernel', 'language'],
      list_directory: ['path', 'includeHidden'],
      read_file: ['filePath'],
      write_file: ['filePath', 'content', 'save'],
      create_file: ['fileName', 'fileType', 'content', 'cwd'],
      execute_code: ['kernelId', 'code']
    });
    expect(commandToolDescriptor(tools.find((tool) => tool.name === 'edit_cell')!).inputSchema.required).toEqual([
      'notebookPath',
      'content'
    ]);
  });

  it('keep their jupyterlab-ai-commands commands as data, for that mode', () => {
    const mapped = DEFAULT_TOOLS.filter((tool) => tool.aiCommands);
    expect(mapped.map((tool) => tool.name)).toEqual(NOTEBOOK_TOOLS);
    for (const mapping of mapped.map((tool) => tool.aiCommands!)) {
      expect(mapping.command.startsWith(AI_COMMANDS_EXTENSION.commandPrefix)).toBe(true);
      expect(mapping.fixedArgs).toMatchObject({ background: true });
    }
    // In that mode the 13 run the extension's commands, say so, and list its own behaviour.
    const modeTools = defaultToolsFor('jupyterlab-ai-commands').filter((tool) => tool.providedBy);
    expect(modeTools.map((tool) => tool.name)).toEqual(NOTEBOOK_TOOLS);
    for (const tool of modeTools) {
      expect(tool).toMatchObject({ command: tool.aiCommands!.command, providedBy: { name: 'jupyterlab-ai-commands' } });
      expect(tool.description).toBe(tool.aiCommands!.description);
    }
    // What the release must offer goes with each tool that needs it, and no other has it.
    for (const tool of modeTools) {
      expect(tool.needs, tool.name).toEqual(tool.aiCommands!.needs);
      expect('needs' in tool, tool.name).toBe(tool.aiCommands!.needs !== undefined);
    }
    expect(defaultToolsFor('jupyterlab-ai-commands').find((tool) => tool.name === 'read_cell')?.needs).toEqual({
      release: '0.4',
      inputs: ['cellId', 'createWidget']
    });
    expect(defaultToolsFor('bridge')).toEqual(DEFAULT_TOOLS);
    const aiCommandsOf = (name: string) => DEFAULT_TOOLS.find((tool) => tool.name === name)?.aiCommands;
    expect(aiCommandsOf('read_notebook')).toMatchObject({
      command: `${AI_COMMANDS_EXTENSION.commandPrefix}get-notebook-content`,
      fixedArgs: { createWidget: false }
    });
    expect(aiCommandsOf('edit_cell')?.fixedArgs).toEqual({ background: true, showDiff: false });
  });
});

describe('the batch tools edit_notebook and run_cells (SPEC §2.3b)', () => {
  const tool = (name: string) => DEFAULT_TOOLS.find((candidate) => candidate.name === name)!;

  it("run the bridge's commands, with hints as delete_cell's and run_cell's", () => {
    expect(tool('edit_notebook')).toMatchObject({ command: EDIT_NOTEBOOK.command, hints: tool('delete_cell').hints });
    expect(tool('run_cells')).toMatchObject({ command: RUN_CELLS.command, hints: tool('run_cell').hints });
    expect(tool('edit_notebook').required).toEqual(['notebookPath', 'edits']);
    expect(Object.keys(tool('run_cells').properties)).toEqual(['notebookPath', 'cellIds', 'fromCellId', 'all', 'continueOnError', 'save']);
    expect(Object.keys(tool('edit_notebook').properties)).toEqual(['notebookPath', 'edits', 'force', 'run', 'save']);
    expect(tool('edit_notebook').properties.run).toMatchObject({ enum: ['edited', 'fromFirstEdit'] });
  });

  it('list an edit as one object, each field once, saying which kind takes which; and check each kind for its own fields', () => {
    const items = (
      commandArgsSchema(EDIT_NOTEBOOK).properties!.edits as { items: { properties: object; required: string[]; description: string } }
    ).items;
    expect(items.properties).toMatchObject({ op: { enum: ['add', 'set_source', 'delete', 'move', 'set_type'] } });
    expect(Object.keys(items.properties)).toEqual(['op', 'cellId', 'content', 'cellType', 'before', 'after', 'at', 'key', 'ifRevision']);
    expect(items.required).toEqual(['op']);
    expect(items.description).toMatch(/set_source: cellId, content;/);
    expect(JSON.stringify(commandArgsSchema(EDIT_NOTEBOOK))).not.toMatch(/oneOf|anyOf/);
    const edit = (e: object) => EDIT_NOTEBOOK.input.safeParse({ notebookPath: 'a.ipynb', edits: [e] });
    expect(edit({ op: 'set_source', cellId: 'c', content: 'x' }).success).toBe(true);
    // A field of another kind, or one a kind needs left out, is refused all the same.
    expect(edit({ op: 'delete', cellId: 'c', key: 'k' }).error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['key'] });
    expect(edit({ op: 'set_type', cellId: 'c' }).error?.issues[0]).toMatchObject({ path: ['edits', 0, 'cellType'] });
  });

  it('take an edit list and one way of choosing the cells to run', () => {
    const edits = EDIT_NOTEBOOK.input;
    expect(
      edits.safeParse({
        notebookPath: 'a.ipynb',
        edits: [
          { op: 'add', content: '1', key: 'k' },
          { op: 'move', cellId: 'k', at: 'start' }
        ]
      }).success
    ).toBe(true);
    expect(edits.safeParse({ notebookPath: 'a.ipynb', edits: [] }).success).toBe(false);
    const run = RUN_CELLS.input;
    for (const choice of [{ cellIds: ['a'] }, { fromCellId: 'a' }, { all: true }]) {
      expect(run.safeParse({ notebookPath: 'a.ipynb', ...choice, continueOnError: true }).success).toBe(true);
    }
    for (const choice of [{}, { all: false }, { cellIds: ['a'], all: true }, { cellIds: [] }]) {
      expect(run.safeParse({ notebookPath: 'a.ipynb', ...choice }).success).toBe(false);
    }
  });

  it('are offered in the bridge mode only, and say so in the other', () => {
    expect(defaultToolsFor('bridge').filter((candidate) => candidate.unavailable)).toEqual([]);
    const ai = defaultToolsFor('jupyterlab-ai-commands').filter((candidate) => candidate.unavailable);
    expect(ai.map((candidate) => candidate.name)).toEqual(['edit_notebook', 'run_cells']);
    expect(ai[1]!.unavailable).toBe(
      'the page\'s notebookTools setting is "jupyterlab-ai-commands", and run_cells runs on the bridge\'s own notebook commands only: ' +
        'set the bridge\'s notebookTools setting to "bridge" for it, or do the same one cell per call (add_cell, edit_cell, delete_cell, run_cell)'
    );
    // In that mode they keep the bridge's command: no other runs them.
    expect(ai[1]!.command).toBe(RUN_CELLS.command);
  });
});
