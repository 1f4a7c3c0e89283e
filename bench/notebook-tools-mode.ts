/**
 * The bridge setting notebookTools, switched live in the page as the person
 * does in the Settings Editor: the bench measures the bridge's own commands
 * and jupyterlab-ai-commands' (the fixture, release 0.4) on one page, one
 * after the other.
 */
import { AI_COMMANDS_EXTENSION, BRIDGE_COMMANDS_PREFIX, type NotebookToolsMode } from '@jupyter-live-mcp/protocol';
import { setBridgeSetting } from '../tests/e2e/support/lab-with-agent.js';
import type { BenchPage } from './lab.js';

export interface ModeUnderTest {
  mode: NotebookToolsMode;
  /** How the figures name it. */
  label: string;
}

export const BRIDGE_MODE: ModeUnderTest = { mode: 'bridge', label: 'notebookTools "bridge"' };
export const MODES: readonly ModeUnderTest[] = [
  BRIDGE_MODE,
  { mode: 'jupyterlab-ai-commands', label: 'notebookTools "jupyterlab-ai-commands" (fixture 0.4)' }
];

const PREFIX: Record<NotebookToolsMode, string> = {
  bridge: BRIDGE_COMMANDS_PREFIX,
  'jupyterlab-ai-commands': AI_COMMANDS_EXTENSION.commandPrefix
};

/** Sets the mode and resolves once the server lists run_cell on that mode's command. */
export async function useNotebookTools(bench: BenchPage, mode: NotebookToolsMode): Promise<void> {
  await setBridgeSetting(bench.page, 'notebookTools', mode);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { tools } = await bench.mcp.client.listTools();
    const runCell = tools.find((tool) => tool.name === 'run_cell');
    const command = (runCell?._meta?.['jupyter-live-mcp/hints'] as { command?: unknown } | undefined)?.command;
    if (typeof command === 'string' && command.startsWith(PREFIX[mode])) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`notebookTools "${mode}": 30 s later the server still lists run_cell on ${String(command)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
