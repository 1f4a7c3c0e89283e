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
        return succeed(dialogs.answer(args.button, args.dialogId, args.value));
      } catch (error) {
        return fail('bad_input', `answer_dialog: ${(error as Error).message} Call get_context for the open dialogs.`, {
          dialogs: dialogs.open()
        });
      }
    }
  });
}
