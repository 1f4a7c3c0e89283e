/**
 * `answer_dialog` (SPEC §2.1, §4.2): clicks a button of an open dialog.
 */
import { fail, succeed } from '@jupyter-live-mcp/protocol';
import type { DialogWatcher } from '../jupyterlab/dialog-watcher.js';
import type { BridgeTool } from '../calls/bridge-tool.js';
import { defineBuiltInTool } from './built-in-tool.js';

export function answerDialogTool(dialogs: DialogWatcher): BridgeTool {
  return defineBuiltInTool('answer_dialog', {
    async run(args) {
      try {
        const answered = dialogs.answer(
          args.button as string | number,
          args.dialogId as string | undefined,
          args.value as string | undefined
        );
        return succeed(answered);
      } catch (error) {
        return fail('bad_input', `answer_dialog: ${(error as Error).message} Call get_context for the open dialogs.`, {
          dialogs: dialogs.open()
        });
      }
    }
  });
}
