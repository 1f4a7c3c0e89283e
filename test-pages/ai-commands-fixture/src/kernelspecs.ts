import type { KernelSpec } from '@jupyterlab/services';

/** The kernelspec name for `language` (matched case-insensitively), else the default one. */
export async function findKernelByLanguage(kernelspecs: KernelSpec.IManager, language: string | undefined): Promise<string> {
  await kernelspecs.ready;
  const specs = kernelspecs.specs;
  const names = Object.keys(specs?.kernelspecs ?? {});
  if (!specs || names.length === 0) {
    throw new Error('No kernelspecs are available');
  }
  if (!language) {
    return specs.default || names[0]!;
  }
  const wanted = language.trim().toLowerCase();
  const match = names.find((name) => specs.kernelspecs[name]?.language.toLowerCase() === wanted);
  if (!match) {
    throw new Error(`No kernel found for language '${language}'`);
  }
  return match;
}
