/**
 * Which kernel a notebook gets, decided before anything starts so that
 * JupyterLab never has to ask the person ("Select Kernel"). Pure: the page's
 * kernelspecs come in as data.
 */
import type { KernelSpec } from '@jupyterlab/services';

export interface KernelspecInfo {
  name: string;
  displayName: string;
  language: string;
}

/** The kernelspecs a page can start, its default first (get_context lists them). */
export function listKernelspecs(specs: KernelSpec.ISpecModels | null | undefined): KernelspecInfo[] {
  const all = Object.values(specs?.kernelspecs ?? {})
    .filter((spec): spec is KernelSpec.ISpecModel => !!spec)
    .map((spec) => ({ name: spec.name, displayName: spec.display_name, language: spec.language }));
  return [...all.filter((spec) => spec.name === specs?.default), ...all.filter((spec) => spec.name !== specs?.default)];
}

/** "python3 (Python 3, python), …", for messages that tell what can be started. */
export function describeKernelspecs(specs: readonly KernelspecInfo[]): string {
  return specs.length
    ? specs.map((spec) => `"${spec.name}" (${spec.displayName}, ${spec.language})`).join(', ')
    : 'none: this page has no kernelspecs, so no kernel can be started here';
}

/**
 * The kernelspec for a notebook's own metadata, as JupyterLab would pick it
 * without asking: its kernelspec name if the page has it, else the one
 * kernelspec of its language (the default among several), else, for a
 * notebook that names neither, the page's default. Undefined when the
 * notebook asks for a kernel the page cannot start.
 */
export function kernelspecForNotebook(
  specs: KernelSpec.ISpecModels | null | undefined,
  wanted: { name?: string | null; language?: string | null }
): string | undefined {
  const available = listKernelspecs(specs);
  if (wanted.name && available.some((spec) => spec.name === wanted.name)) {
    return wanted.name;
  }
  if (wanted.language) {
    return ofLanguage(available, wanted.language)?.name;
  }
  return wanted.name ? undefined : available[0]?.name;
}

/** `none`: the page has no kernelspecs at all, so no choice could help. */
export type KernelChoice = { ok: true; spec: KernelspecInfo } | { ok: false; error: string; none?: true };

/**
 * The kernelspec an agent asked for: by name, by language, or the page's
 * default; an error names the ones there are.
 */
export function chooseKernelspec(
  specs: KernelSpec.ISpecModels | null | undefined,
  asked: { kernel?: string; language?: string }
): KernelChoice {
  const available = listKernelspecs(specs);
  const there = `Kernelspecs here: ${describeKernelspecs(available)}.`;
  if (available.length === 0) {
    return { ok: false, none: true, error: `this page cannot start a kernel: ${describeKernelspecs(available)}.` };
  }
  if (asked.kernel) {
    const spec = available.find((candidate) => candidate.name === asked.kernel);
    if (!spec) {
      return { ok: false, error: `there is no kernelspec "${asked.kernel}". ${there}` };
    }
    if (asked.language && spec.language.toLowerCase() !== asked.language.trim().toLowerCase()) {
      return { ok: false, error: `kernel "${spec.name}" is ${spec.language}, not ${asked.language}: give one of them. ${there}` };
    }
    return { ok: true, spec };
  }
  if (asked.language) {
    const spec = ofLanguage(available, asked.language);
    return spec ? { ok: true, spec } : { ok: false, error: `no kernelspec is for the language "${asked.language}". ${there}` };
  }
  return { ok: true, spec: available[0]! };
}

/** The kernelspec of a language, matched without case; the first listed (the default) among several. */
function ofLanguage(available: readonly KernelspecInfo[], language: string): KernelspecInfo | undefined {
  const wanted = language.trim().toLowerCase();
  return available.find((spec) => spec.language.toLowerCase() === wanted);
}

/** Why a notebook cannot run code, and how an agent starts a kernel for it (the bridge's start-kernel command). */
export function noKernelMessage(tool: string, notebookPath: string, specs: readonly KernelspecInfo[], startCommand: string): string {
  const start = specs[0]
    ? ` Start one with execute_command {"commandId": "${startCommand}", "args": {"notebookPath": ${JSON.stringify(notebookPath)}, ` +
      `"kernel": "${specs[0].name}"}}, then call ${tool} again.`
    : '';
  return `${tool}: "${notebookPath}" has no running kernel. Kernelspecs this page can start: ${describeKernelspecs(specs)}.${start}`;
}
