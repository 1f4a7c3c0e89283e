/**
 * Outputs in their nbformat shape made easy to read: multiline strings joined,
 * colour escapes removed, pictures left in their MIME bundles, where the image
 * pipeline (calls/images) takes them out and attaches them. execute_code
 * answers its outputs so, and read_cell gives one output so (outputIndex). Pure.
 */
import type * as nbformat from '@jupyterlab/nbformat';
import type { PartialJSONObject } from '@lumino/coreutils';

// CSI sequences (colours, cursor moves), OSC sequences (titles, links), then two-character escapes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are made of control characters.
const ANSI_ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI_ESCAPES, '');
}

/** nbformat allows any string as a list of lines. */
export function joinMultiline(value: nbformat.MultilineString | undefined): string {
  return Array.isArray(value) ? value.join('') : (value ?? '');
}

/** Outputs in nbformat shape, text joined and without colour escapes; empty metadata dropped. */
export function outputsForAgent(outputs: readonly nbformat.IOutput[]): nbformat.IOutput[] {
  return outputs.map((output) => {
    const out: nbformat.IOutput = { ...output };
    if (typeof output.text === 'string' || Array.isArray(output.text)) {
      out.text = stripAnsi(joinMultiline(output.text as nbformat.MultilineString));
    }
    if (Array.isArray(output.traceback)) {
      out.traceback = (output.traceback as string[]).map(stripAnsi);
    }
    if (output.data && typeof output.data === 'object') {
      out.data = Object.fromEntries<nbformat.MultilineString | PartialJSONObject>(
        Object.entries(output.data as Record<string, unknown>).map(([mime, value]) => [
          mime,
          typeof value === 'string' || Array.isArray(value)
            ? textOf(mime, joinMultiline(value as nbformat.MultilineString))
            : (value as PartialJSONObject)
        ])
      );
    }
    if (out.metadata && typeof out.metadata === 'object' && Object.keys(out.metadata).length === 0) {
      delete out.metadata;
    }
    return out;
  });
}

function textOf(mime: string, value: string): string {
  return mime === 'text/plain' ? stripAnsi(value) : value;
}

/** A traceback as one text, without colour escapes. */
export function tracebackText(traceback: readonly string[] | undefined): string {
  return (traceback ?? []).map(stripAnsi).join('\n');
}
