import { describe, expect, it } from 'vitest';
import { AI_COMMANDS_EXTENSION, DEFAULT_TOOLS, defaultToolsFor } from '@jupyter-live-mcp/protocol';
import type { JupyterFrontEnd } from '@jupyterlab/application';
import { defaultToolShortcuts } from '../tools/default-tool-shortcuts.js';
import { buildCatalogue, shortcutsByCommand, type CatalogueInput } from './build-catalogue.js';
import { compilePatterns } from './command-patterns.js';
import { parseSettingsTools } from './settings-tools.js';

/** The bridge-mode tools (SPEC §2.3b): unavailable in the jupyterlab-ai-commands mode. */
const BATCH_TOOLS = ['edit_notebook', 'run_cells'];

describe('compilePatterns', () => {
  it('matches ids with * and ? and nothing else', () => {
    const blocked = compilePatterns(['terminal:*', 'apputils:run-?ll-enabled', 'a.b']);
    expect(blocked('terminal:create-new')).toBe(true);
    expect(blocked('apputils:run-all-enabled')).toBe(true);
    expect(blocked('apputils:run-first-enabled')).toBe(false);
    expect(blocked('a.b')).toBe(true);
    expect(blocked('axb')).toBe(false);
    expect(blocked('notebook:run-cell')).toBe(false);
    expect(compilePatterns([])('anything')).toBe(false);
  });
});

describe('parseSettingsTools', () => {
  it('turns valid entries into tool specs with their hints', () => {
    const { specs, errors } = parseSettingsTools([
      { name: 'rename_file', command: 'docmanager:rename', description: 'Rename', args: ['path'], consequentialHint: true }
    ]);
    expect(errors).toEqual([]);
    expect(specs).toEqual([
      {
        name: 'rename_file',
        description: 'Rename',
        command: 'docmanager:rename',
        hints: { readOnlyHint: false, consequentialHint: true, untrustedContentHint: false },
        inputs: ['path'],
        required: [],
        fixedArgs: {}
      }
    ]);
  });

  it('skips each bad entry with a reason and keeps the good ones', () => {
    const { specs, errors } = parseSettingsTools([
      { name: 'Bad-Name', command: 'x', description: 'd' },
      { name: 'get_context', command: 'x', description: 'd' },
      { name: 'ok_tool', command: 'x', description: 'd' },
      { name: 'ok_tool', command: 'y', description: 'd' },
      { name: 'no_description', command: 'x' },
      { name: 'extra', command: 'x', description: 'd', colour: 'red' },
      'not an object',
      { name: 'hidden_required', command: 'x', description: 'd', args: ['path'], required: ['paht'] }
    ]);
    expect(specs.map((spec) => spec.name)).toEqual(['ok_tool']);
    expect(errors).toEqual([
      { source: 'tools[0] "Bad-Name"', error: 'name: must match ^[a-z][a-z0-9_]{0,47}$ (lower case, digits, _; at most 48)' },
      { source: 'tools[1] "get_context"', error: '"get_context" is a built-in tool\'s name; choose another name' },
      { source: 'tools[3] "ok_tool"', error: 'a tool named "ok_tool" is defined earlier in the list; names must be unique' },
      { source: 'tools[4] "no_description"', error: expect.stringMatching(/^description: /) },
      { source: 'tools[5] "extra"', error: expect.stringMatching(/colour/) },
      { source: 'tools[6]', error: expect.stringMatching(/^\(message\): /) },
      { source: 'tools[7] "hidden_required"', error: 'required "paht" must be in args too (args: path)' }
    ]);
  });
});

describe('buildCatalogue', () => {
  const input = (overrides: Partial<CatalogueInput> = {}): CatalogueInput => ({
    builtInNames: ['get_context', 'list_all_commands', 'execute_command', 'answer_dialog', 'wait_for_result'],
    defaultTools: defaultToolsFor('bridge'),
    settingsTools: [],
    extensionTools: [],
    disabledTools: [],
    hasCommand: () => true,
    hasCommandWithPrefix: () => true,
    isBlocked: () => false,
    schemaOf: () => null,
    jupyterLite: false,
    ...overrides
  });
  const names = (catalogue: ReturnType<typeof buildCatalogue>) => [
    ...catalogue.builtIns,
    ...catalogue.commandTools.map((t) => t.descriptor.name)
  ];

  it("has 23 tools with every command present, and still 23 without jupyterlab-ai-commands (the bridge's own commands run them)", () => {
    expect(names(buildCatalogue(input()))).toHaveLength(23);
    const withoutAi = buildCatalogue(input({ hasCommand: (id) => !id.startsWith(AI_COMMANDS_EXTENSION.commandPrefix) }));
    expect(names(withoutAi)).toHaveLength(23);
    expect(names(withoutAi)).toEqual(expect.arrayContaining(['edit_notebook', 'run_cells']));
  });

  it("leaves the bridge's own notebook tools out, each with the reason, when they are off on the page; the rest stay", () => {
    const off = 'the notebook tools are off: this page provides no INotebookTracker';
    const catalogue = buildCatalogue(input({ ownToolsOff: off }));
    const own = defaultToolsFor('bridge').filter((tool) => tool.declaration);
    expect(own.length).toBeGreaterThan(10);
    expect(catalogue.unavailable).toEqual(own.map((tool) => ({ name: tool.name, reason: off })));
    expect(names(catalogue)).toEqual(names(buildCatalogue(input())).filter((name) => !own.some((tool) => tool.name === name)));
    expect(names(catalogue)).toContain('get_context');
  });

  it('removes disabled tools of any kind and tools whose command is blocked, saying why for the default ones', () => {
    const catalogue = buildCatalogue(
      input({ disabledTools: ['execute_command', 'run_cell'], isBlocked: (id) => id === 'docmanager:open' })
    );
    expect(names(catalogue)).not.toContain('execute_command');
    expect(names(catalogue)).not.toContain('run_cell');
    expect(names(catalogue)).not.toContain('open_document');
    expect(names(catalogue)).toContain('read_cell');
    expect(catalogue.unavailable).toEqual([
      { name: 'open_document', reason: 'its command "docmanager:open" is in the page\'s blockedCommands setting' },
      { name: 'run_cell', reason: "the page's disabledTools setting removes it" }
    ]);
    expect(catalogue.errors).toEqual([]);
  });

  describe('in the jupyterlab-ai-commands mode', () => {
    const ai = defaultToolsFor('jupyterlab-ai-commands');
    const mapped = DEFAULT_TOOLS.filter((tool) => tool.aiCommands);
    const aiNames = mapped.map((tool) => tool.name);
    const described = (properties: string[]) => ({ type: 'object', properties: Object.fromEntries(properties.map((p) => [p, {}])) });
    /** The commands of a release, with the inputs each declares (as the fixture's releases have them). */
    const release = (commands: Record<string, string[] | 'not a schema'>): Partial<CatalogueInput> => ({
      defaultTools: ai,
      hasCommand: (id) =>
        !id.startsWith(AI_COMMANDS_EXTENSION.commandPrefix) ||
        Object.hasOwn(commands, id.slice(AI_COMMANDS_EXTENSION.commandPrefix.length)),
      schemaOf: (id) => {
        const inputs = commands[id.slice(AI_COMMANDS_EXTENSION.commandPrefix.length)];
        return inputs === 'not a schema' ? { cellIndex: { description: 'index' } } : inputs ? described(inputs) : null;
      }
    });
    const everyInput = ['notebookPath', 'cellId', 'referenceCellId', 'createWidget', 'background', 'content', 'showDiff'];
    const v04 = Object.fromEntries(
      mapped.map((tool) => [tool.aiCommands!.command.slice(AI_COMMANDS_EXTENSION.commandPrefix.length), everyInput])
    );

    it("runs the extension's commands: 21 tools with 0.4, without the bridge's batch tools, saying why", () => {
      const catalogue = buildCatalogue(input(release(v04)));
      expect(names(catalogue)).toHaveLength(21);
      expect(catalogue.commandTools.find((t) => t.descriptor.name === 'run_cell')?.descriptor.command).toBe(
        `${AI_COMMANDS_EXTENSION.commandPrefix}run-cell`
      );
      expect(catalogue.unavailable.map((tool) => tool.name)).toEqual(BATCH_TOOLS);
      expect(catalogue.unavailable[0]?.reason).toMatch(
        /^the page's notebookTools setting is "jupyterlab-ai-commands", and edit_notebook runs on the bridge's own notebook commands only: set the bridge's notebookTools setting to "bridge" for it/
      );
      // The person has nothing to fix: it is what the mode is.
      expect(catalogue.errors).toEqual([]);
    });

    it('has 8 tools without the extension, and says how to get it, never pip install on JupyterLite', () => {
      const lab = buildCatalogue(
        input({ ...release({}), hasCommandWithPrefix: (prefix) => prefix !== AI_COMMANDS_EXTENSION.commandPrefix })
      );
      expect(names(lab)).toHaveLength(8);
      expect(lab.unavailable.map((tool) => tool.name).sort()).toEqual([...aiNames, ...BATCH_TOOLS].sort());
      expect(lab.unavailable[0]?.reason).toMatch(
        /install it \(pip install jupyterlab-ai-commands\) and reload the page, or set .*notebookTools setting to "bridge"/
      );
      expect(lab.errors).toEqual([]);
      const lite = buildCatalogue(
        input({ ...release({}), hasCommandWithPrefix: (prefix) => prefix !== AI_COMMANDS_EXTENSION.commandPrefix, jupyterLite: true })
      );
      expect(lite.unavailable[0]?.reason).toMatch(/a JupyterLite page gets extensions only when its site is built/);
      expect(lite.unavailable.some((tool) => tool.reason.includes('pip'))).toBe(false);
    });

    it('leaves out what 0.3.1 cannot do safely (no get-notebook-content, no createWidget), naming the release it needs', () => {
      const { 'get-notebook-content': _missing, ...v031 } = Object.fromEntries(
        Object.entries(v04).map(([command, inputs]) => [command, inputs.filter((i) => i !== 'createWidget')])
      );
      const catalogue = buildCatalogue(input(release(v031)));
      expect(catalogue.unavailable.map((tool) => tool.name)).toEqual(['read_notebook', 'read_cell', 'read_file', ...BATCH_TOOLS]);
      expect(names(catalogue)).toHaveLength(18);
      expect(catalogue.errors.map((error) => error.source)).toEqual([
        'default tool "read_notebook"',
        'default tool "read_cell"',
        'default tool "read_file"'
      ]);
      expect(catalogue.errors[0]?.error).toMatch(
        /has no "jupyterlab-ai-commands:get-notebook-content": read_notebook needs jupyterlab-ai-commands 0\.4 or newer/
      );
      expect(catalogue.errors[1]?.error).toMatch(
        /does not declare createWidget, which read_cell relies on: it needs jupyterlab-ai-commands 0\.4/
      );
      expect(catalogue.unavailable.some((tool) => tool.reason.includes('pip install'))).toBe(false);
    });

    it('leaves out the tools that address cells by id with 0.1 (cells by index, no JSON schema)', () => {
      const v01 = Object.fromEntries(
        Object.keys(v04)
          .filter((command) => command !== 'get-notebook-content' && command !== 'execute-in-kernel')
          .map((command) => [command, 'not a schema' as const])
      );
      const catalogue = buildCatalogue(input(release(v01)));
      expect(catalogue.unavailable.map((tool) => tool.name)).toEqual([
        'read_notebook',
        'read_cell',
        'add_cell',
        'edit_cell',
        'delete_cell',
        'run_cell',
        'read_file',
        'execute_code',
        ...BATCH_TOOLS
      ]);
      expect(names(catalogue)).toEqual(
        expect.arrayContaining(['save_notebook', 'create_notebook', 'list_directory', 'write_file', 'create_file'])
      );
      expect(catalogue.errors.find((error) => error.source === 'default tool "run_cell"')?.error).toMatch(
        /does not declare cellId, which run_cell relies on: it needs jupyterlab-ai-commands 0\.3 or newer/
      );
    });
  });

  it("gives the default tools' worksOn to the tools that run them, in both modes; a settings tool in their place has none", () => {
    const worksOn = (catalogue: ReturnType<typeof buildCatalogue>) =>
      Object.fromEntries(catalogue.commandTools.filter((t) => t.tool.worksOn).map((t) => [t.descriptor.name, t.tool.worksOn?.action]));
    const marked = { add_cell: 'editing', edit_cell: 'editing', delete_cell: 'editing', run_cell: 'running' };
    // The batch tools are the bridge mode's alone.
    expect(worksOn(buildCatalogue(input()))).toEqual({ ...marked, edit_notebook: 'editing', run_cells: 'running' });
    const aiRelease = { type: 'object', properties: { cellId: {}, referenceCellId: {}, createWidget: {} } };
    expect(worksOn(buildCatalogue(input({ defaultTools: defaultToolsFor('jupyterlab-ai-commands'), schemaOf: () => aiRelease })))).toEqual(
      marked
    );
    const { specs } = parseSettingsTools([{ name: 'run_cell', command: 'notebook:run-cell', description: 'Run the active cell' }]);
    expect(worksOn(buildCatalogue(input({ settingsTools: specs })))).not.toHaveProperty('run_cell');
  });

  it('lets a settings tool replace a default tool of the same name', () => {
    const { specs } = parseSettingsTools([{ name: 'open_document', command: 'filebrowser:open-path', description: 'Open by path' }]);
    const catalogue = buildCatalogue(input({ settingsTools: specs }));
    const open = catalogue.commandTools.filter((t) => t.descriptor.name === 'open_document');
    expect(open.map((t) => t.descriptor.command)).toEqual(['filebrowser:open-path']);
  });

  it('skips a settings tool naming inputs its command does not declare (a typo would drop the input or its requiredness)', () => {
    const { specs } = parseSettingsTools([
      { name: 'typo', command: 'docmanager:rename', description: 'd', args: ['pth', 'path'] },
      { name: 'typo_required', command: 'docmanager:rename', description: 'd', required: ['paht'] },
      { name: 'fine', command: 'docmanager:rename', description: 'd', args: ['path'], required: ['path'] }
    ]);
    const schemaOf = () => ({ type: 'object', properties: { path: { type: 'string' }, newName: { type: 'string' } } });
    const catalogue = buildCatalogue(input({ settingsTools: specs, schemaOf }));
    expect(catalogue.errors).toEqual([
      { source: 'tools "typo"', error: '"pth" is not an input of "docmanager:rename", which takes path, newName; fix args and required' },
      {
        source: 'tools "typo_required"',
        error: '"paht" is not an input of "docmanager:rename", which takes path, newName; fix args and required'
      }
    ]);
    expect(names(catalogue)).toContain('fine');
    expect(names(catalogue)).not.toContain('typo');
    expect(catalogue.commandTools.find((t) => t.descriptor.name === 'fine')!.descriptor.inputSchema.required).toEqual(['path']);
  });

  it('reports a settings tool whose command is missing or blocked', () => {
    const { specs } = parseSettingsTools([
      { name: 'later', command: 'other-ext:do', description: 'd' },
      { name: 'blocked', command: 'terminal:create-new', description: 'd' }
    ]);
    const catalogue = buildCatalogue(
      input({ settingsTools: specs, hasCommand: (id) => id !== 'other-ext:do', isBlocked: (id) => id.startsWith('terminal:') })
    );
    expect(catalogue.errors).toEqual([
      { source: 'tools "blocked"', error: 'its command "terminal:create-new" is in blockedCommands' },
      { source: 'tools "later"', error: 'the page has no command "other-ext:do" (yet: the tool appears when an extension registers it)' }
    ]);
  });
});

describe('shortcutsByCommand', () => {
  it('keys the short cut a default tool names by the command it runs', () => {
    expect(shortcutsByCommand({ 'shown-document': 'shortcut' })).toEqual(new Map([['docmanager:open', 'shortcut']]));
    expect([...shortcutsByCommand(defaultToolShortcuts({} as JupyterFrontEnd)).keys()]).toEqual(['docmanager:open']);
  });
});
