// The tests and the bench drive the pages in the same Chromium as the test pages' own
// scripts.
export { launchChromium } from '../../../test-pages/jupyterlab/src/script.js';
