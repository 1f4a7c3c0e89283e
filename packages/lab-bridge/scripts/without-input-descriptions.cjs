// A loader for the labextension's build: takes the descriptions
// (`.check(z.describe('…'))`) out of the zod inputs in the page's code. The page
// lists the JSON Schemas written at build time (the protocol's input-schemas.ts)
// and schema/plugin.json has the settings tools' (written from lib/, not this
// bundle): its zod inputs only check arguments, and never read a description.
const DESCRIBED = /\.check\(\s*z\.describe\((?:\s|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`]*`|\+)*\)\s*\)/g;

module.exports = function withoutInputDescriptions(source) {
  const stripped = source.replace(DESCRIBED, '');
  if (stripped.includes('z.describe(')) {
    throw new Error(`${this.resourcePath}: a z.describe in a form scripts/without-input-descriptions.cjs does not take out`);
  }
  return stripped;
};
