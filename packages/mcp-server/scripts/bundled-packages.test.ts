import { describe, expect, it } from 'vitest';
import { bundledPackageDirs, licenceNotice } from './bundled-packages.js';

describe('bundledPackageDirs', () => {
  it('names each package folder once, scoped and nested ones included, and leaves out the project’s own files', () => {
    expect(
      bundledPackageDirs([
        'src/cli.ts',
        '../protocol/dist/index.js',
        '../../node_modules/zod/v4/classic/schemas.js',
        '../../node_modules/zod/v4/core/core.js',
        '../../node_modules/@modelcontextprotocol/sdk/dist/esm/server/index.js',
        '../../node_modules/ajv/dist/refs/json-schema-draft-07.json',
        '../../node_modules/ajv-formats/node_modules/ajv/dist/ajv.js'
      ])
    ).toEqual([
      '../../node_modules/@modelcontextprotocol/sdk',
      '../../node_modules/ajv',
      '../../node_modules/ajv-formats/node_modules/ajv',
      '../../node_modules/zod'
    ]);
  });

  it('skips a path that ends at node_modules', () => {
    expect(bundledPackageDirs(['../../node_modules'])).toEqual([]);
  });
});

describe('licenceNotice', () => {
  it('gives every package, sorted by name, with its version, SPDX licence and licence text', () => {
    const notice = licenceNotice([
      { name: 'ws', version: '8.23.0', license: 'MIT', licenseText: 'Copyright (c) ws authors\n\n' },
      { name: 'fast-uri', version: '3.1.0', license: 'BSD-3-Clause', licenseText: 'Copyright (c) fast-uri authors' }
    ]);
    expect(notice).toMatch(/^dist\/cli\.js of jupyter-live-mcp and the chunks it loads beside it contain code of the 2 npm packages below/);
    expect(notice.indexOf('fast-uri 3.1.0 (BSD-3-Clause)')).toBeLessThan(notice.indexOf('ws 8.23.0 (MIT)'));
    expect(notice).toContain(`ws 8.23.0 (MIT)\n${'='.repeat(72)}\n\nCopyright (c) ws authors\n`);
    expect(notice.endsWith('Copyright (c) ws authors\n')).toBe(true);
  });
});
