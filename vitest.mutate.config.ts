// The unit project for Stryker (stryker.config.mjs), which cannot pick a project of
// vitest.config.ts: the unit tests that scripts/mutate names in MUTATE_TESTS, or all of them.
import { defineConfig } from 'vitest/config';
import workspace from './vitest.config.js';

const unit = workspace.test?.projects?.find((project) => typeof project === 'object' && 'test' in project && project.test?.name === 'unit');
if (!unit || typeof unit !== 'object' || !('test' in unit) || !unit.test) {
  throw new Error('vitest.config.ts has no project named unit');
}
const tests = process.env.MUTATE_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  resolve: workspace.resolve,
  // Instrumented code runs slower: the property tests get more time than the unit project gives them.
  test: { ...unit.test, name: undefined, include: tests?.length ? tests : unit.test.include, testTimeout: 120_000 }
});
