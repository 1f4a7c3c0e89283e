/**
 * What the contents service has at a path, for the commands' existence and
 * folder checks, asked without the content.
 */
import type { Contents } from '@jupyterlab/services';
import { CommandFailure, isNotFound } from '../commands/command-failure.js';

/** The path's model without its content, or undefined when there is nothing there. */
export async function stat(contents: Contents.IManager, path: string): Promise<Contents.IModel | undefined> {
  try {
    return await contents.get(path, { content: false });
  } catch (error) {
    if (isNotFound(error)) {
      return undefined;
    }
    throw error;
  }
}

/** Refuses a folder that is not there, or is a file; `forWhat` says what it was wanted for. The root always is one. */
export async function requireFolder(contents: Contents.IManager, tool: string, folder: string, forWhat: string): Promise<void> {
  if (!folder) {
    return;
  }
  if ((await stat(contents, folder))?.type !== 'directory') {
    throw new CommandFailure(
      'not_found',
      `${tool}: there is no folder "${folder}" ${forWhat}. list_directory shows the folders there are.`
    );
  }
}
