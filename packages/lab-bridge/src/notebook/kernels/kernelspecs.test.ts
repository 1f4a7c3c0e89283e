import { describe, expect, it } from 'vitest';
import type { KernelSpec } from '@jupyterlab/services';
import { chooseKernelspec, describeKernelspecs, kernelspecForNotebook, listKernelspecs, noKernelMessage } from './kernelspecs.js';

const spec = (name: string, language: string, display_name = name) => ({ name, language, display_name, argv: [], resources: {} });
const specs: KernelSpec.ISpecModels = {
  default: 'python3',
  kernelspecs: { ir: spec('ir', 'R'), python3: spec('python3', 'python', 'Python 3'), pypy: spec('pypy', 'python') }
};

describe('listKernelspecs', () => {
  it('lists the default first', () => {
    expect(listKernelspecs(specs).map((s) => s.name)).toEqual(['python3', 'ir', 'pypy']);
    expect(listKernelspecs(null)).toEqual([]);
    expect(listKernelspecs({ default: 'ir', kernelspecs: { gone: undefined, ir: spec('ir', 'R') } }).map((s) => s.name)).toEqual(['ir']);
  });
});

describe('kernelspecForNotebook', () => {
  it('takes the notebook’s own kernelspec, else its language (the default among several), else the default', () => {
    expect(kernelspecForNotebook(specs, { name: 'ir', language: 'R' })).toBe('ir');
    expect(kernelspecForNotebook(specs, { name: 'python2', language: 'python' })).toBe('python3');
    expect(kernelspecForNotebook(specs, { name: 'julia-1.9', language: 'r' })).toBe('ir');
    expect(kernelspecForNotebook(specs, {})).toBe('python3');
    // Its own kernelspec wins over the default of its language.
    expect(kernelspecForNotebook(specs, { name: 'pypy', language: 'python' })).toBe('pypy');
  });

  it('starts nothing for a notebook that asks for a kernel the page does not have', () => {
    expect(kernelspecForNotebook(specs, { name: 'julia-1.9', language: 'julia' })).toBeUndefined();
    expect(kernelspecForNotebook(specs, { name: 'nosuch' })).toBeUndefined();
    expect(kernelspecForNotebook(null, {})).toBeUndefined();
  });
});

describe('chooseKernelspec', () => {
  it('takes a kernel by name or by language, and the default without either', () => {
    expect(chooseKernelspec(specs, { kernel: 'ir' })).toMatchObject({ ok: true, spec: { name: 'ir' } });
    expect(chooseKernelspec(specs, { language: 'Python' })).toMatchObject({ ok: true, spec: { name: 'python3' } });
    expect(chooseKernelspec(specs, {})).toMatchObject({ ok: true, spec: { name: 'python3', displayName: 'Python 3', language: 'python' } });
    expect(chooseKernelspec(specs, { kernel: 'ir', language: ' r ' })).toMatchObject({ ok: true, spec: { name: 'ir' } });
    expect(chooseKernelspec(specs, { language: ' PYTHON ' })).toMatchObject({ ok: true, spec: { name: 'python3' } });
  });

  it('names the kernelspecs there are when the ask cannot be met', () => {
    expect(chooseKernelspec(specs, { kernel: 'julia' })).toEqual({
      ok: false,
      error: 'there is no kernelspec "julia". Kernelspecs here: "python3" (Python 3, python), "ir" (ir, R), "pypy" (pypy, python).'
    });
    expect(chooseKernelspec(specs, { language: 'julia' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^no kernelspec is for the language "julia"/)
    });
    expect(chooseKernelspec(specs, { kernel: 'ir', language: 'python' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/is R, not python/)
    });
    expect(chooseKernelspec({ default: '', kernelspecs: {} }, {})).toEqual({
      ok: false,
      none: true,
      error: 'this page cannot start a kernel: none: this page has no kernelspecs, so no kernel can be started here.'
    });
  });
});

describe('noKernelMessage', () => {
  it('names the kernelspecs and the call that starts one', () => {
    expect(noKernelMessage('run_cell', 'a b.ipynb', listKernelspecs(specs).slice(0, 1), 'jupyter-live-mcp:start-kernel')).toBe(
      'run_cell: "a b.ipynb" has no running kernel. Kernelspecs this page can start: "python3" (Python 3, python). Start one with ' +
        'execute_command {"commandId": "jupyter-live-mcp:start-kernel", "args": {"notebookPath": "a b.ipynb", "kernel": "python3"}}, ' +
        'then call run_cell again.'
    );
    expect(noKernelMessage('run_cell', 'a.ipynb', [], 'x')).toBe(
      'run_cell: "a.ipynb" has no running kernel. Kernelspecs this page can start: none: this page has no kernelspecs, so no kernel can be started here.'
    );
    expect(describeKernelspecs([])).toMatch(/^none/);
  });
});
