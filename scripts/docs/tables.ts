/**
 * The docs' tables, made from the code's own definitions: the CLI flags, the
 * bridge settings, the tools as tools/list shows them before a page connects,
 * the jupyterlab-ai-commands mode and the result codes. Pure: each returns
 * Markdown.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import {
  DEFAULT_TOOLS,
  RESULT_CODES,
  describedBridgeSettings,
  plainJsonSchema,
  type ToolDescriptor,
  type ToolHints
} from '@jupyter-live-mcp/protocol';
import { flagEntries } from '../../packages/mcp-server/src/cli/flag-docs.js';
import { SERVER_TOOLS } from '../../packages/mcp-server/src/mcp/server-tools.js';
import { DEFAULT_CATALOGUE } from '../../packages/mcp-server/src/mcp/tool-listing.js';

type Row = readonly string[];

/** A Markdown table; a cell's `|` is escaped, and a `<` outside code (`<key>`), so any text fits. */
export function markdownTable(header: Row, rows: readonly Row[]): string {
  const line = (cells: Row) => `| ${cells.map(cellText).join(' | ')} |`;
  return [line(header), `|${header.map(() => '---|').join('')}`, ...rows.map(line)].join('\n');
}

function cellText(text: string): string {
  const escaped = text.split('`').map((part, index) => (index % 2 ? part : part.replaceAll('<', '&lt;')));
  return escaped.join('`').replaceAll('|', '\\|');
}

const code = (text: string) => `\`${text}\``;

export function cliFlagsTable(): string {
  return markdownTable(
    ['flag', 'commands', 'default', 'meaning'],
    flagEntries().map((flag) => [
      `${flag.short ? `${code(`-${flag.short}`)}, ` : ''}${code(`--${flag.name}${flag.value ? ` ${flag.value}` : ''}`)}`,
      flag.commands.length ? flag.commands.map((command) => command.word ?? 'server').join(', ') : 'all',
      flag.default ? code(flag.default) : '—',
      flag.help
    ])
  );
}

export function settingsTable(): string {
  const { properties = {} } = plainJsonSchema(describedBridgeSettings());
  return markdownTable(
    ['setting', 'default', 'accepts', 'title: what it does'],
    Object.entries(properties).map(([name, property]) => [
      code(name),
      code(JSON.stringify(property.default)),
      accepts(property),
      `**${property.title}**: ${property.description}`
    ])
  );
}

/** A setting's type and bounds, as JSON Schema says them. */
function accepts(property: Record<string, unknown>): string {
  if (Array.isArray(property.enum)) {
    return property.enum.map((value) => code(JSON.stringify(value))).join(', ');
  }
  const bounds = [
    property.minimum !== undefined ? `≥ ${property.minimum}` : '',
    property.maximum !== undefined ? `≤ ${property.maximum}` : '',
    typeof property.pattern === 'string' ? `matching ${code(property.pattern)}` : '',
    property.maxItems !== undefined ? `at most ${property.maxItems}` : ''
  ].filter(Boolean);
  const items = property.items as Record<string, unknown> | undefined;
  const type = property.type === 'array' ? `array${items?.type ? ` of ${items.type}s` : ''}` : String(property.type);
  const itemBounds = typeof items?.pattern === 'string' ? [`each matching ${code(items.pattern)}`] : [];
  return [type, ...bounds, ...itemBounds].join(', ');
}

/** Every tool tools/list shows before a page connects: the page's built-in and default tools, then the server's own. */
function listedTools(): ToolDescriptor[] {
  return [...DEFAULT_CATALOGUE, ...SERVER_TOOLS.map((tool) => tool.descriptor)];
}

/** R read-only, C consequential, U untrusted content. */
function hintLetters(hints: ToolHints): string {
  const letters = [hints.readOnlyHint && 'R', hints.consequentialHint && 'C', hints.untrustedContentHint && 'U'].filter(Boolean);
  return letters.length ? letters.join(' ') : '—';
}

function inputs(tool: ToolDescriptor): string {
  const required = new Set(tool.inputSchema.required ?? []);
  const names = Object.keys(tool.inputSchema.properties ?? {});
  return names.length ? names.map((name) => `${code(name)}${required.has(name) ? '*' : ''}`).join(', ') : '—';
}

/** The README's list: one line per tool. */
export function toolSummaryTable(): string {
  return markdownTable(
    ['tool', 'hints', 'what it does'],
    listedTools().map((tool) => [code(tool.name), hintLetters(tool.hints), tool.title ?? ''])
  );
}

/** docs/tools.md: each tool with its inputs, the command it runs and the description the agent reads. */
export function toolTable(): string {
  return markdownTable(
    ['tool', 'hints', 'inputs', 'runs', 'what the agent reads'],
    listedTools().map((tool) => [
      code(tool.name),
      hintLetters(tool.hints),
      inputs(tool),
      tool.command ? code(tool.command) : SERVER_TOOLS.some((own) => own.descriptor === tool) ? 'the server' : 'the bridge',
      tool.description
    ])
  );
}

/** The notebookTools "jupyterlab-ai-commands" mode: what each of the 13 tools runs there, and the release it needs. */
export function aiCommandsTable(): string {
  return markdownTable(
    ['tool', 'runs', 'fixed arguments', 'needs'],
    DEFAULT_TOOLS.flatMap(({ name, aiCommands: mapping }) =>
      mapping
        ? [
            [
              code(name),
              code(mapping.command),
              code(JSON.stringify(mapping.fixedArgs)),
              mapping.needs
                ? `${mapping.needs.release}${mapping.needs.inputs.length ? ` (${mapping.needs.inputs.map(code).join(', ')})` : ''}`
                : '—'
            ]
          ]
        : []
    )
  );
}

const RESULT_PROTOCOL = new URL('../../packages/protocol/src/result-protocol.ts', import.meta.url);

/** The result codes with their meanings, which are the doc comments of RESULT_CODES' entries. */
export function resultCodesTable(): string {
  const meanings = resultCodeMeanings(readFileSync(RESULT_PROTOCOL, 'utf8'));
  return markdownTable(
    ['code', 'meaning'],
    RESULT_CODES.map((name) => {
      const meaning = meanings.get(name);
      if (!meaning) {
        throw new Error(`RESULT_CODES' entry ${name} has no doc comment in result-protocol.ts: write one, it is the docs' text`);
      }
      return [code(name), meaning];
    })
  );
}

/** Each RESULT_CODES entry's doc comment, as one line. */
export function resultCodeMeanings(source: string): Map<string, string> {
  const file = ts.createSourceFile('result-protocol.ts', source, ts.ScriptTarget.Latest, true);
  const meanings = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText(file) === 'RESULT_CODES') {
      const array = ts.isAsExpression(node.initializer ?? node) ? (node.initializer as ts.AsExpression).expression : node.initializer;
      for (const element of array && ts.isArrayLiteralExpression(array) ? array.elements : []) {
        const comment = ts.getLeadingCommentRanges(source, element.pos)?.at(-1);
        if (ts.isStringLiteral(element) && comment) {
          meanings.set(element.text, docText(source.slice(comment.pos, comment.end)));
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return meanings;
}

function docText(comment: string): string {
  return comment
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*?\s?/, '').trim())
    .filter(Boolean)
    .join(' ');
}

/** Every generated block, by the name its markers give. */
export const TABLES: Readonly<Record<string, () => string>> = {
  'cli-flags': cliFlagsTable,
  settings: settingsTable,
  'tool-summary': toolSummaryTable,
  tools: toolTable,
  'ai-commands': aiCommandsTable,
  'result-codes': resultCodesTable
};
