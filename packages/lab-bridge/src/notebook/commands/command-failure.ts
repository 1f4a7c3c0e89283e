/**
 * A failure a notebook command answers with instead of throwing past the
 * call pipeline (which would make it command_failed): its own result code,
 * a message for the agent, and details.
 */
import type { ResultCode } from '@jupyter-live-mcp/protocol';

export class CommandFailure extends Error {
  constructor(
    readonly code: ResultCode,
    message: string,
    readonly details: Record<string, unknown> = {}
  ) {
    super(message);
  }
}

/** A contents-service error that says the path is not there (the server's 404; JupyterLite answers the same). */
export function isNotFound(error: unknown): boolean {
  return (error as { response?: { status?: unknown } } | null)?.response?.status === 404;
}

/** A contents-service error that says the request was wrong for that path (e.g. a folder read as a notebook). */
export function isBadRequest(error: unknown): boolean {
  return (error as { response?: { status?: unknown } } | null)?.response?.status === 400;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const noNotebook = (tool: string, path: string) =>
  new CommandFailure(
    'not_found',
    `${tool}: there is no notebook "${path}". list_directory shows the files there are; create_notebook creates a notebook.`
  );

export const noFile = (tool: string, path: string) =>
  new CommandFailure(
    'not_found',
    `${tool}: there is no file "${path}". list_directory shows the files there are; create_file (or write_file) creates one.`
  );
