/**
 * The import bounds of one package: which of its src/ folders each folder may
 * import, which other packages it must not, and no import cycle between its
 * files (docs/architecture.md draws the bounds, packages/<pkg>/import-bounds.json
 * states them). Pure: it gets the files' texts and the rules file's text, and
 * returns what breaks them, one sentence each.
 */
import path from 'node:path/posix';
import ts from 'typescript';

export interface FolderRule {
  /** The package's other folders this one may import ("*": any). */
  imports: string[];
  /** Globs of package names its files must not import, e.g. "@jupyterlab/*". */
  forbidPackages?: string[];
}

export type Rules = Record<string, FolderRule>;

/** Test files and their helpers may reach anything: they are not part of the shipped graph. */
export const isTestFile = (file: string) => /\.test(-support)?\.tsx?$/.test(file);

/** The rules in `text`, or throws saying what is wrong with them (`where` names the file). */
export function parseRules(text: string, where: string): Rules {
  const bad = (why: string) => new Error(`${where}: ${why}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw bad(`not JSON (${(error as Error).message})`);
  }
  const folders = (json as { folders?: unknown } | null)?.folders;
  if (typeof folders !== 'object' || folders === null || Array.isArray(folders)) {
    throw bad('needs "folders": { "<folder under src/>": { "imports": [...] } }');
  }
  const rules: Rules = {};
  for (const [folder, rule] of Object.entries(folders)) {
    const { imports, forbidPackages, ...rest } = (rule ?? {}) as Record<string, unknown>;
    const strings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');
    if (!strings(imports) || (forbidPackages !== undefined && !strings(forbidPackages)) || Object.keys(rest).length) {
      throw bad(`folder "${folder}" needs "imports": [folders] and may have "forbidPackages": [globs], nothing else`);
    }
    rules[folder] = { imports: imports as string[], ...(forbidPackages ? { forbidPackages: forbidPackages as string[] } : {}) };
  }
  for (const [folder, { imports }] of Object.entries(rules)) {
    for (const other of imports) {
      if (other !== '*' && !(other in rules)) {
        throw bad(`folder "${folder}" may import "${other}", which is no folder listed there`);
      }
    }
  }
  return rules;
}

/** The folder of a file under src/ ("." for src/ itself). */
const folderOf = (file: string) => path.dirname(file);

/** "@scope/name/deep" → "@scope/name", "ws/lib" → "ws", "node:fs" stays. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function globMatches(glob: string, name: string): boolean {
  const pattern = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${pattern}$`).test(name);
}

/** The file under src/ that a relative specifier names, if it is one of `files`. */
function resolve(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  const base = path.normalize(path.join(path.dirname(from), specifier));
  const stem = base.replace(/\.(js|ts|tsx|jsx)$/, '');
  return [base, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`].find((candidate) => files.has(candidate));
}

/** The module specifiers a file imports or re-exports, type-only ones and import() included. */
export function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

/**
 * What breaks the rules in a package whose src/ holds `sources` (path under
 * src/ → text). `label` prefixes each path in the messages (e.g.
 * "packages/mcp-server/src/").
 */
export function checkBounds(sources: ReadonlyMap<string, string>, rules: Rules, label = ''): string[] {
  const problems: string[] = [];
  const files = new Set(sources.keys());
  const shipped = [...files].filter((file) => !isTestFile(file)).sort();
  const folders = new Set(shipped.map(folderOf));
  for (const folder of [...folders].sort()) {
    if (!(folder in rules)) {
      problems.push(`${label}${folder}/ holds source files but has no entry in import-bounds.json: add it with the folders it may import`);
    }
  }
  for (const folder of Object.keys(rules).sort()) {
    if (!folders.has(folder)) {
      problems.push(`import-bounds.json lists "${folder}", which holds no source file under ${label || 'src/'}: take it out`);
    }
  }
  const graph = new Map<string, string[]>();
  for (const file of shipped) {
    const folder = folderOf(file);
    const rule = rules[folder];
    const targets: string[] = [];
    for (const specifier of importsOf(sources.get(file) ?? '')) {
      if (specifier.startsWith('.')) {
        const target = resolve(file, specifier, files);
        if (target === undefined) {
          continue;
        }
        targets.push(target);
        const targetFolder = folderOf(target);
        if (rule && targetFolder !== folder && !rule.imports.includes('*') && !rule.imports.includes(targetFolder)) {
          problems.push(
            `${label}${file} imports '${specifier}' (folder "${targetFolder}"), but folder "${folder}" may import only ` +
              `${rule.imports.length ? rule.imports.map((other) => `"${other}"`).join(', ') : 'itself'} (import-bounds.json)`
          );
        }
      } else {
        const forbidden = rule?.forbidPackages?.find((glob) => globMatches(glob, packageOf(specifier)));
        if (forbidden) {
          problems.push(
            `${label}${file} imports '${specifier}', which folder "${folder}" must not ("forbidPackages": "${forbidden}", import-bounds.json)`
          );
        }
      }
    }
    graph.set(file, targets);
  }
  for (const cycle of cyclesOf(graph)) {
    problems.push(`import cycle: ${cycle.map((file) => label + file).join(' → ')}`);
  }
  return problems;
}

/** One cycle (first file repeated at the end) per strongly connected group of files, found with Tarjan's algorithm. */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || graph.get(node)?.includes(node)) {
        groups.push(group);
      }
    }
  };
  for (const node of [...graph.keys()].sort()) {
    if (!index.has(node)) {
      visit(node);
    }
  }
  return groups.map((group) => cycleThrough(graph, new Set(group)));
}

/** A path from the group's first file (by name) back to it, inside the group (breadth first, so a short one). */
function cycleThrough(graph: ReadonlyMap<string, readonly string[]>, group: ReadonlySet<string>): string[] {
  const start = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) {
        continue;
      }
      if (next === start) {
        const cycle = [start];
        for (let at: string | undefined = node; at !== start && at !== undefined; at = cameFrom.get(at)) {
          cycle.unshift(at);
        }
        cycle.unshift(start);
        return cycle;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}
