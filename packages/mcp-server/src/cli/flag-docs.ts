/**
 * Every flag once, with the commands that take it: what --help lists
 * (usage.ts) and the docs' generated CLI table. Pure.
 */
import type { Command } from './command.js';
import { COMMANDS } from './command-line.js';
import { COMMON_FLAGS, type Flag, type FlagDoc } from './flags.js';

export interface FlagEntry extends FlagDoc {
  name: string;
  short?: string;
  /** The commands that take it; empty for the common flags, which every command takes. */
  commands: readonly Command<unknown>[];
}

/** The commands' flags in the order the commands and their flags come, then the common ones. */
export function flagEntries(commands: readonly Command<unknown>[] = COMMANDS): FlagEntry[] {
  const names = [...new Set(commands.flatMap((command) => Object.keys(command.flags)))];
  const own = names.map((name) => {
    const takers = commands.filter((command) => Object.hasOwn(command.flags, name));
    return entry(name, takers[0]?.flags[name] as Flag, takers);
  });
  return [...own, ...Object.entries(COMMON_FLAGS).map(([name, flag]) => entry(name, flag, []))];
}

function entry(name: string, flag: Flag, commands: readonly Command<unknown>[]): FlagEntry {
  return { name, ...(flag.short ? { short: flag.short } : {}), ...flag.doc, commands };
}
