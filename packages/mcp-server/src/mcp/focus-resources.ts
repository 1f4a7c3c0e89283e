/**
 * MCP resources that let the person point (SPEC §2.5): the notebook they work
 * in, the cells they selected (the compact view read_notebook gives, with
 * outputs) and the text they selected in the active cell's editor. Listed from
 * where the page last said the person is, so a client that lets a person
 * attach a resource to a message can send "this"; read from the page when
 * asked (the notebook and the cells) or from that focus (the selected text).
 */
import { ErrorCode, type ReadResourceResult, type Resource } from '@modelcontextprotocol/sdk/types.js';
import { RequestError } from './request-error.js';
import type { CallAgent, PersonFocus } from '@jupyter-live-mcp/protocol';
import type { PageSession } from '../hub/page-session.js';
import { parsedResult } from '../hub/raw-result.js';

export const FOCUS_RESOURCES = {
  notebook: 'jupyter-live://focus/notebook',
  selectedCells: 'jupyter-live://focus/selected-cells',
  editorSelection: 'jupyter-live://focus/editor-selection'
} as const;

/** MCP's code for a resource that is not there. */
const RESOURCE_NOT_FOUND = -32002;

/** The resources the person's focus offers now: none without a notebook, the selected text only when there is some. */
export function focusResources(focus: PersonFocus | null | undefined): Resource[] {
  if (!focus) {
    return [];
  }
  const path = focus.notebookPath;
  const cells = focus.selectedCells;
  const count = focus.selectedCount ?? cells.length;
  const selection = focus.editor?.selection;
  return [
    {
      uri: FOCUS_RESOURCES.notebook,
      name: 'active-notebook',
      title: `Active notebook: ${path}`,
      description: `The notebook the person works in (${path}), as read_notebook gives it.`,
      mimeType: 'application/json'
    },
    ...(count
      ? [
          {
            uri: FOCUS_RESOURCES.selectedCells,
            name: 'selected-cells',
            title: `Selected cells: ${count === 1 ? `cell ${cells[0]!.index}` : `${count} cells`} of ${path}`,
            description: 'The cells the person selected, with their outputs, as read_notebook gives them.',
            mimeType: 'application/json'
          }
        ]
      : []),
    ...(selection && focus.activeCell
      ? [
          {
            uri: FOCUS_RESOURCES.editorSelection,
            name: 'editor-selection',
            title: `Selected text in cell ${focus.activeCell.index} of ${path}`,
            description: 'The text the person selected in the active cell, where it starts and ends (lines and columns from 1).',
            mimeType: 'application/json'
          }
        ]
      : [])
  ];
}

export async function readFocusResource(
  uri: string,
  page: PageSession | undefined,
  agent: CallAgent,
  signal: AbortSignal
): Promise<ReadResourceResult> {
  const focus = page?.focus;
  const listed = focusResources(focus).some((resource) => resource.uri === uri);
  if (!page || !focus || !listed) {
    const why = !page
      ? 'no page is connected'
      : !focus
        ? 'the person has no notebook open in the page'
        : 'the person has not selected that now';
    throw new RequestError(RESOURCE_NOT_FOUND, `Resource ${uri} is not there: ${why}. resources/list gives what there is now.`);
  }
  const json = (value: unknown): ReadResourceResult => ({ contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }] });
  if (uri === FOCUS_RESOURCES.editorSelection) {
    return json({
      notebookPath: focus.notebookPath,
      cellId: focus.activeCell?.id,
      index: focus.activeCell?.index,
      ...focus.editor?.selection
    });
  }
  const cellIds = uri === FOCUS_RESOURCES.selectedCells ? { cellIds: focus.selectedCells.map((cell) => cell.id) } : {};
  const result = parsedResult((await page.call('read_notebook', { notebookPath: focus.notebookPath, ...cellIds }, signal, agent)).result);
  if (!result.success) {
    throw new RequestError(ErrorCode.InternalError, `The page could not read ${uri}: ${result.error}`);
  }
  // The page's answer leaves out the path the call named; the person's attachment says which notebook.
  return json({ notebookPath: focus.notebookPath, ...result });
}
