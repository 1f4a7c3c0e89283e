import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node'
        }
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // A real JupyterLab, kernel and Chromium per file: start-up takes seconds.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false
        }
      }
    ]
  }
});
