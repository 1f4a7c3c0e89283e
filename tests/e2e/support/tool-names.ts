/**
 * The tools SPEC §2 names, in the order the server lists them before a page
 * connects: what a client that never refreshes its list sees. Written out, not
 * read from the code, so a tool that goes missing or moves fails the tests.
 */
export const NOTEBOOK_TOOL_NAMES = [
  'read_notebook',
  'read_cell',
  'add_cell',
  'edit_cell',
  'delete_cell',
  'run_cell',
  'save_notebook',
  'create_notebook',
  'list_directory',
  'read_file',
  'write_file',
  'create_file',
  'execute_code'
];

/** The batch tools of the bridge mode (SPEC §2.3b). */
export const BATCH_TOOL_NAMES = ['edit_notebook', 'run_cells'];

export const LISTED_TOOL_NAMES = [
  'get_context',
  'list_all_commands',
  'execute_command',
  'answer_dialog',
  'wait_for_result',
  'open_document',
  'interrupt_kernel',
  'restart_kernel',
  ...NOTEBOOK_TOOL_NAMES,
  ...BATCH_TOOL_NAMES,
  'select_page'
];
