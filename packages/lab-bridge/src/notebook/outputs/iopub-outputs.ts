/**
 * What a kernel's IOPub message does to a cell's outputs, as nbformat: add an
 * output, clear them (now or at the next output), or update a display by its
 * id. Pure; an output area model applies it (kernel-execution.ts), and merges
 * streams as JupyterLab does.
 */
import type * as nbformat from '@jupyterlab/nbformat';

export type OutputAction =
  | { kind: 'add'; output: nbformat.IOutput; displayId?: string }
  | { kind: 'update'; output: nbformat.IOutput; displayId: string }
  | { kind: 'clear'; wait: boolean };

/** The parts of an IOPub message read here. */
export interface IopubMessage {
  header: { msg_type: string };
  content: Record<string, unknown>;
}

export function outputActionOf(message: IopubMessage): OutputAction | undefined {
  const content = message.content;
  const displayId = (content.transient as { display_id?: unknown } | undefined)?.display_id;
  const id = typeof displayId === 'string' ? displayId : undefined;
  switch (message.header.msg_type) {
    case 'execute_result':
      return {
        kind: 'add',
        output: {
          output_type: 'execute_result',
          data: bundle(content.data),
          metadata: bundle(content.metadata),
          execution_count: (content.execution_count as number | null | undefined) ?? null
        }
      };
    case 'display_data':
      return { kind: 'add', output: displayData(content), ...(id ? { displayId: id } : {}) };
    case 'update_display_data':
      return id ? { kind: 'update', output: displayData(content), displayId: id } : undefined;
    case 'stream':
      return { kind: 'add', output: { output_type: 'stream', name: String(content.name ?? 'stdout'), text: String(content.text ?? '') } };
    case 'error':
      return {
        kind: 'add',
        output: {
          output_type: 'error',
          ename: String(content.ename ?? ''),
          evalue: String(content.evalue ?? ''),
          traceback: Array.isArray(content.traceback) ? content.traceback.map(String) : []
        }
      };
    case 'clear_output':
      return { kind: 'clear', wait: content.wait === true };
    default:
      return undefined;
  }
}

function displayData(content: Record<string, unknown>): nbformat.IOutput {
  return { output_type: 'display_data', data: bundle(content.data), metadata: bundle(content.metadata) };
}

function bundle(value: unknown): nbformat.IMimeBundle {
  return value && typeof value === 'object' ? (value as nbformat.IMimeBundle) : {};
}
