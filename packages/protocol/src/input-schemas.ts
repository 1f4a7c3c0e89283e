// Written by scripts/write-input-schemas.ts from the zod inputs schema-sources.ts names: edit those, not this.
import type { InputSchema } from './wire.js';

export const INPUT_SCHEMAS = {
  get_context: {
    type: 'object',
    properties: {},
    additionalProperties: false
  },
  list_all_commands: {
    type: 'object',
    properties: {
      query: {
        description: 'E.g. "run cell".',
        type: 'string'
      },
      limit: {
        description: 'Default 50; commandCount counts all matches.',
        type: 'integer',
        minimum: 1
      }
    },
    additionalProperties: false
  },
  execute_command: {
    type: 'object',
    properties: {
      commandId: {
        type: 'string',
        description: 'E.g. "notebook:run-cell".'
      },
      args: {
        type: 'object'
      }
    },
    required: ['commandId'],
    additionalProperties: false
  },
  answer_dialog: {
    type: 'object',
    properties: {
      button: {
        description: 'Its label (e.g. "Rename") or index.',
        type: ['string', 'integer']
      },
      dialogId: {
        description: 'Default: the one in front.',
        type: 'string'
      },
      value: {
        type: 'string'
      }
    },
    required: ['button'],
    additionalProperties: false
  },
  wait_for_result: {
    type: 'object',
    properties: {
      pendingId: {
        type: 'string'
      },
      seconds: {
        description: "Default: the page's pendingAfterSeconds.",
        type: 'number',
        minimum: 0,
        maximum: 300
      }
    },
    required: ['pendingId'],
    additionalProperties: false
  },
  'jupyter-live-mcp:interrupt-kernel': {
    type: 'object',
    properties: {
      kernelId: {
        type: 'string'
      }
    },
    required: ['kernelId'],
    additionalProperties: false
  },
  'jupyter-live-mcp:restart-kernel': {
    type: 'object',
    properties: {
      kernelId: {
        type: 'string'
      }
    },
    required: ['kernelId'],
    additionalProperties: false
  },
  'jupyter-live-mcp:get-notebook-content': {
    type: 'object',
    properties: {
      notebookPath: {
        type: 'string'
      },
      format: {
        description: 'nbformat: the whole nbformat JSON under content.',
        type: 'string',
        enum: ['compact', 'nbformat']
      },
      from: {
        description: 'First cell index (0-based).',
        type: 'integer',
        minimum: 0
      },
      to: {
        description: 'Index after the last cell, as in a slice.',
        type: 'integer',
        minimum: 0
      },
      cellIds: {
        description: 'Instead of from/to.',
        minItems: 1,
        type: 'array',
        items: {
          type: 'string'
        }
      }
    },
    required: ['notebookPath'],
    additionalProperties: false
  },
  'jupyter-live-mcp:get-cell': {
    type: 'object',
    properties: {
      notebookPath: {
        type: 'string'
      },
      cellId: {
        type: 'string'
      },
      outputIndex: {
        description: "0-based, in the cell's outputs list.",
        type: 'integer',
        minimum: 0
      }
    },
    required: ['notebookPath'],
    additionalProperties: false
  },
  'jupyter-live-mcp:add-cell': {
    type: 'object',
    properties: {
      notebookPath: {
        type: 'string'
      },
      content: {
        type: 'string'
      },
      cellType: {
        type: 'string',
        enum: ['code', 'markdown', 'raw']
      },
      position: {
        description: 'Default below; alone: the start or the end.',
        type: 'string',
        enum: ['above', 'below']
      },
      referenceCellId: {
        type: 'string'
      }
    },
    required: ['notebookPath'],
    additionalProperties: false
  },
  'jupyter-live-mcp:set-cell-content': {
    type: 'object',
    properties: {
      notebookPath: {
        type: 'string'
      },
      cellId: {
        type: 'string'
      },
      content: {
        type: 'string'
      },
      ifRevision: {
        type: 'string'
      },
      force: {
        type: 'boolean'
      }
    },
    required: ['notebookPath', 'content'],
    additionalProperties: false
  },
  'jupyter-live-mcp:delete-cell': {
    type: 'object',
    properties: {
      notebookPath: {
        type: 'string'
      },
      cellId: {
        type: 'string'
      },
      ifRevision: {
        type: 'string'
      },
      force: {
        type: 'boolean'
      }
    },
    required: ['notebookPath', 'cellId'],
    additionalProperties: false
  },
  'jupyter-live-mcp:run-cell': {
    type: 'object',
    properties: {
      notebookPath: {
        type: 'string'
      },
      cellId: {
        type: 'string'
      }
    },
    required: ['notebookPath', 'cellId'],
    additionalProperties: false
  },
  'jupyter-live-mcp:save-notebook': {
    type: 'object',
    properties: {
      notebookPath: {
        type: 'string'
      }
    },
    required: ['notebookPath'],
    additionalProperties: false
  },
  'jupyter-live-mcp:create-notebook': {
    type: 'object',
    properties: {
      name: {
        type: 'string'
      },
      kernel: {
        type: 'string',
        description: 'E.g. "python3" (get_context kernelspecs).'
      },
      language: {
        description: 'Instead of kernel, e.g. "python".',
        type: 'string'
      }
    },
    required: ['name'],
    additionalProperties: false
  },
  'jupyter-live-mcp:list-directory': {
    type: 'object',
    properties: {
      path: {
        description: 'Default: the root.',
        type: 'string'
      },
      includeHidden: {
        description: 'Also names starting with ".".',
        type: 'boolean'
      }
    },
    additionalProperties: false
  },
  'jupyter-live-mcp:read-file': {
    type: 'object',
    properties: {
      filePath: {
        type: 'string'
      }
    },
    required: ['filePath'],
    additionalProperties: false
  },
  'jupyter-live-mcp:write-file': {
    type: 'object',
    properties: {
      filePath: {
        type: 'string'
      },
      content: {
        type: 'string'
      },
      save: {
        description: 'Default true; false leaves it unsaved in the open editor.',
        type: 'boolean'
      }
    },
    required: ['filePath', 'content'],
    additionalProperties: false
  },
  'jupyter-live-mcp:create-file': {
    type: 'object',
    properties: {
      fileName: {
        type: 'string'
      },
      fileType: {
        description: 'E.g. "markdown" (default: from the extension).',
        type: 'string'
      },
      content: {
        type: 'string'
      },
      cwd: {
        description: 'Its folder (default: the root).',
        type: 'string'
      }
    },
    required: ['fileName'],
    additionalProperties: false
  },
  'jupyter-live-mcp:execute-code': {
    type: 'object',
    properties: {
      kernelId: {
        type: 'string'
      },
      code: {
        type: 'string'
      }
    },
    required: ['kernelId', 'code'],
    additionalProperties: false
  },
  'jupyter-live-mcp:edit-notebook': {
    type: 'object',
    properties: {
      notebookPath: {
        type: 'string'
      },
      edits: {
        minItems: 1,
        maxItems: 200,
        type: 'array',
        items: {
          type: 'object',
          properties: {
            op: {
              type: 'string',
              enum: ['add', 'set_source', 'delete', 'move', 'set_type']
            },
            cellId: {
              type: 'string'
            },
            content: {
              type: 'string'
            },
            cellType: {
              type: 'string',
              enum: ['code', 'markdown', 'raw']
            },
            before: {
              type: 'string'
            },
            after: {
              type: 'string'
            },
            at: {
              type: 'string',
              enum: ['start', 'end']
            },
            key: {
              type: 'string'
            },
            ifRevision: {
              type: 'string'
            }
          },
          required: ['op'],
          additionalProperties: false,
          description:
            'add: content, cellType, before|after|at (default: the end), key (a name later edits use); set_source: cellId, content; delete: cellId; move: cellId, before|after|at; set_type: cellId, cellType; ifRevision on all but add.'
        }
      },
      force: {
        type: 'boolean'
      },
      run: {
        type: 'string',
        enum: ['edited', 'fromFirstEdit']
      },
      save: {
        type: 'boolean'
      }
    },
    required: ['notebookPath', 'edits'],
    additionalProperties: false
  },
  'jupyter-live-mcp:run-cells': {
    type: 'object',
    properties: {
      notebookPath: {
        type: 'string'
      },
      cellIds: {
        minItems: 1,
        maxItems: 1000,
        type: 'array',
        items: {
          type: 'string'
        }
      },
      fromCellId: {
        type: 'string'
      },
      all: {
        type: 'boolean'
      },
      continueOnError: {
        description: 'Go on after a failing cell.',
        type: 'boolean'
      },
      save: {
        type: 'boolean'
      }
    },
    required: ['notebookPath'],
    additionalProperties: false
  },
  'jupyter-live-mcp:start-kernel': {
    type: 'object',
    properties: {
      notebookPath: {
        type: 'string'
      },
      kernel: {
        description: "The kernelspec to start (default: the notebook's own, else the page's default).",
        type: 'string'
      }
    },
    required: ['notebookPath'],
    additionalProperties: false
  }
} satisfies Record<string, InputSchema>;
