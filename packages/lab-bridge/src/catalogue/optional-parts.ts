/**
 * The parts of the bridge that need a JupyterLab API not every page has (a
 * plugin the person disabled, an older release): each is built through one
 * guard, so a missing API turns that part off with a reason, in get_context's
 * catalogueErrors, in the reason a tool it would have offered gives, and in one
 * notification; the rest of the bridge and the page go on. Pure.
 */
import type { CatalogueError } from './settings-tools.js';

/** A service token of the page (Lumino's Token): its name says what is missing. */
interface Named {
  readonly name: string;
}

/** The APIs a part needs: each the token asked for and what the page gave for it (null when nothing provides it). */
type Needs = Record<string, readonly [Named, unknown]>;
type Given<N extends Needs> = { [K in keyof N]: NonNullable<N[K][1]> };

export class OptionalParts {
  /** One entry a part that is off, with why. */
  readonly missing: CatalogueError[] = [];
  private told = false;

  /**
   * Makes the part when the page provides all it needs, and when making it does
   * not fail (a method an older release lacks); otherwise records why it is off.
   */
  build<N extends Needs, T>(part: string, needs: N, make: (given: Given<N>) => T): T | undefined {
    const absent = Object.values(needs)
      .filter(([, value]) => value === null || value === undefined)
      .map(([token]) => token.name);
    if (absent.length) {
      this.missing.push({
        source: part,
        error:
          `off: this page provides no ${absent.join(' and no ')} (the plugin that provides it is disabled or not installed); ` +
          'enable it (jupyter labextension enable …) and reload the page'
      });
      return undefined;
    }
    try {
      return make(Object.fromEntries(Object.entries(needs).map(([key, [, value]]) => [key, value])) as Given<N>);
    } catch (error) {
      this.missing.push({
        source: part,
        error:
          `off: it could not start on this page (${(error as Error).message}), likely an API this JupyterLab release lacks; ` +
          'the bridge supports JupyterLab 4.0 or newer and Notebook 7'
      });
      return undefined;
    }
  }

  /** Why this part is off, as a tool it would offer says it; undefined when it is on. */
  whyOff(part: string): string | undefined {
    const entry = this.missing.find((missing) => missing.source === part);
    return entry && `${part} are ${entry.error}`;
  }

  /**
   * Tells the person once which parts are off: a short notification, and the
   * reasons in full in the console (the agent reads them in get_context).
   */
  tellOnce(notify: (message: string) => void, warn: (message: string) => void): void {
    if (this.told || !this.missing.length) {
      return;
    }
    this.told = true;
    for (const { source, error } of this.missing) {
      warn(`${source}: ${error}`);
    }
    notify(`Agent bridge: ${this.missing.map((part) => part.source).join(', ')} are off on this page; the browser console says why.`);
  }
}
