/**
 * The bridge, built against JupyterLab 4.6, installed unchanged on the oldest JupyterLab 4
 * and Notebook 7 minors tested (4.2.7, 7.2.3: test-pages/older-jupyter): it asks the page
 * for the releases it supports, so the page logs no module-federation version warning, and
 * listing every command (which reads each label without arguments) logs no error.
 * catalogue.test.ts runs every tool on these pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPageWithAgent, type PageKind, type PageWithAgent } from './support/lab-with-agent.js';

interface Kind {
  kind: PageKind;
  app: { name: string; version: RegExp };
  /** Errors the page logs without the bridge too (checked by hand), with why. */
  pageErrors: string[];
}

const KINDS: Kind[] = [
  { kind: 'JupyterLab 4.2', app: { name: 'JupyterLab', version: /^4\.2\./ }, pageErrors: [] },
  {
    kind: 'Notebook 7.2',
    app: { name: 'Jupyter Notebook', version: /^7\.2\./ },
    // The 7.2 docmanager-extension's settings handler, on the test page's plugin set (the 7.6 page's lists).
    pageErrors: ['Cannot convert undefined or null to object']
  }
];

describe.each(KINDS)('the bridge on $kind', ({ kind, app, pageErrors }) => {
  let setup: PageWithAgent;
  const warnings: string[] = [];

  beforeAll(async () => {
    setup = await startPageWithAgent(kind);
    setup.page.on('console', (message) => {
      if (message.type() === 'warning') {
        warnings.push(message.text());
      }
    });
    await setup.open();
  });

  afterAll(async () => {
    await setup?.stop();
  });

  it('connects and names the release in get_context, with no catalogue error', async () => {
    const context = await setup.mcp.ok('get_context');
    expect(context.app).toMatchObject({ name: app.name, version: expect.stringMatching(app.version) });
    expect(context.catalogueErrors ?? []).toEqual([]);
  });

  it('list_all_commands lists every command, and neither it nor the loading page logs an error or a version warning', async () => {
    const listed = await setup.mcp.ok('list_all_commands', { limit: 1000 });
    expect(listed.commandCount).toBeGreaterThan(100);
    expect(setup.consoleErrors).toEqual(pageErrors);
    expect(warnings.filter((text) => /Unsatisfied version|No satisfying version|shared module/i.test(text))).toEqual([]);
  });
});
