/**
 * What the bridge provides as IAgentTools (SPEC §2.3c): the handlers other
 * extensions register, kept from the moment the plugin activates. The rest of
 * the service (reading the tools plugins declare, running a call:
 * agent-tools-service.ts) loads after JupyterLab's `restored`, with the rest
 * of the bridge; a handler registered before then is simply here when it does.
 * This module imports none of the protocol, so the page's entry stays small.
 */
import type { IDisposable } from '@lumino/disposable';
import type { AgentToolHandler, IAgentTools } from '../agent-tools.js';

export class AgentToolHandlers implements IAgentTools {
  private readonly handlers = new Map<string, AgentToolHandler>();
  private readonly listeners = new Set<() => void>();

  registerTool(id: string, handler: AgentToolHandler): IDisposable {
    if (typeof id !== 'string' || typeof handler !== 'function') {
      throw new TypeError('registerTool(id, handler): id is "<plugin id>:<tool id>" and handler a function');
    }
    if (this.handlers.has(id)) {
      // Any plugin can call this service, so a second registration could take over another plugin's tool.
      throw new Error(
        `registerTool("${id}"): that id has a handler already, and the first registration keeps it until it is disposed ` +
          '(dispose the earlier registration first; another plugin may hold it)'
      );
    }
    this.handlers.set(id, handler);
    this.changed();
    let disposed = false;
    return {
      get isDisposed() {
        return disposed;
      },
      dispose: () => {
        if (!disposed && this.handlers.get(id) === handler) {
          this.handlers.delete(id);
          this.changed();
        }
        disposed = true;
      }
    };
  }

  /** The handler registered for the id, if any. */
  handlerOf(id: string): AgentToolHandler | undefined {
    return this.handlers.get(id);
  }

  /** The registration ids that have a handler. */
  registered(): ReadonlySet<string> {
    return new Set(this.handlers.keys());
  }

  /** Hears of every registration and disposal. */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) {
      listener();
    }
  }
}
