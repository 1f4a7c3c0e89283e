/**
 * TEST-ONLY example of an extension that gives the agent tools through the
 * bridge's IAgentTools (docs/extension-tools.md). schema/plugin.json declares
 * three tools: `echo` and `check` get their handlers at activation, `later`
 * only when the command example-tools-extension:register-later runs (and loses
 * it with :unregister-later). It also registers a handler for an id it does not
 * declare, which the bridge must never call (:undeclared-calls counts the calls).
 * Deactivating the plugin disposes every registration.
 */
import type { JupyterFrontEnd, JupyterFrontEndPlugin } from '@jupyterlab/application';
import type { IDisposable } from '@lumino/disposable';
import { IAgentTools } from 'jupyter-live-mcp-bridge';

const PLUGIN_ID = '@jupyter-live-mcp/example-tools-extension:plugin';
const COMMANDS = 'example-tools-extension';

const registrations = new Set<IDisposable>();
let undeclaredCalls = 0;

function echo(input: Record<string, unknown>): unknown {
  const { text, times = 1 } = input as { text: string; times?: number };
  return { echoed: Array.from({ length: times }, () => text), at: { plugin: PLUGIN_ID } };
}

/** Not JSON on purpose, for the bridge's check of results. */
function check(input: Record<string, unknown>): unknown {
  const { value } = input as { value: string };
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  switch (value) {
    case 'throw':
      throw new Error(`check was told to throw (value "${value}")`);
    case 'function':
      return { run: () => value };
    case 'cycle':
      return cycle;
    case 'bigint':
      return { big: BigInt(2) ** BigInt(70) };
    case 'undefined':
      return undefined;
    case 'shifty':
      return shifty();
    case 'huge':
      // ~600 MB as JSON, over what one string can hold; plain JSON all the same.
      return { parts: Array.from({ length: 600 }, () => MEGABYTE) };
    default:
      return { checked: value };
  }
}

const MEGABYTE = 'x'.repeat(1_000_000);

/** Plain JSON when the bridge checks it; a BigInt at every read after. */
function shifty(): unknown {
  let reads = 0;
  return {
    get value(): unknown {
      return reads++ === 0 ? 'plain' : BigInt(1);
    }
  };
}

function register(tools: IAgentTools, id: string, handler: (input: Record<string, unknown>) => unknown): IDisposable {
  const registration = tools.registerTool(`${PLUGIN_ID}:${id}`, handler);
  registrations.add(registration);
  return registration;
}

const plugin: JupyterFrontEndPlugin<void> = {
  id: PLUGIN_ID,
  description: 'Test-only example: tools for the agent through IAgentTools.',
  autoStart: true,
  requires: [IAgentTools],
  activate: (app: JupyterFrontEnd, tools: IAgentTools) => {
    register(tools, 'echo', echo);
    register(tools, 'check', check);
    register(tools, 'undeclared', () => {
      undeclaredCalls++;
      return 'the bridge called a handler nothing declares';
    });
    let later: IDisposable | undefined;
    app.commands.addCommand(`${COMMANDS}:register-later`, {
      label: 'Example tools: register "later"',
      execute: () => {
        later ??= register(tools, 'later', () => ({ ranLater: true }));
      }
    });
    app.commands.addCommand(`${COMMANDS}:unregister-later`, {
      label: 'Example tools: unregister "later"',
      execute: () => {
        later?.dispose();
        later = undefined;
      }
    });
    app.commands.addCommand(`${COMMANDS}:undeclared-calls`, {
      label: 'Example tools: calls of the undeclared handler',
      execute: () => undeclaredCalls
    });
  },
  deactivate: () => {
    for (const registration of registrations) {
      registration.dispose();
    }
    registrations.clear();
  }
};

export default plugin;
