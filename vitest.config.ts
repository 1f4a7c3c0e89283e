import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Unit tests read the shared package's source, so they need no build first.
    alias: {
      '@jupyter-live-mcp/protocol': fileURLToPath(new URL('./packages/protocol/src/index.ts', import.meta.url))
    }
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/scripts/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          // The property and fuzz tests (thousands of cases, real sockets) take 2-4 s each on an
          // idle 2-core machine and twice that on a busy one: more than vitest's 5 s default.
          testTimeout: 30_000
        }
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // A real JupyterLab, kernel and Chromium per file: start-up takes seconds.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // No retry: a retry hides a test that depends on what another left behind.
          fileParallelism: false
        }
      }
    ]
  }
});
