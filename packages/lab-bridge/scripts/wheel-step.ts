// Whether the bridge's build makes its Python wheel. The wheel needs Debian's python3-build
// and python3-hatchling; the labextension and the server need Node only, so a Node-only
// build (scripts/lite) skips the wheel with one line on stderr. A build whose output
// ships or tests the wheel (scripts/setup, hence scripts/test and CI) sets
// JUPYTER_LIVE_MCP_WHEEL=required, and then a missing module fails it.
export const WHEEL_ENV = 'JUPYTER_LIVE_MCP_WHEEL';

export type WheelStep = { kind: 'build' } | { kind: 'skip'; message: string } | { kind: 'fail'; message: string };

export function wheelStep(required: string | undefined, python: string, hasModules: boolean): WheelStep {
  if (required !== undefined && required !== '' && required !== 'required') {
    return {
      kind: 'fail',
      message: `${WHEEL_ENV} is ${JSON.stringify(required)}: set it to required (the build fails without the wheel) or leave it unset.`
    };
  }
  if (hasModules) return { kind: 'build' };
  const needs = `needs ${python} with build and hatchling (scripts/system-deps installs python3-build and python3-hatchling)`;
  if (required === 'required') {
    return { kind: 'fail', message: `Building the bridge's wheel ${needs}; ${WHEEL_ENV}=required asks for it. Then build again.` };
  }
  return {
    kind: 'skip',
    message: `The bridge's wheel was not built: it ${needs}; the labextension is built, and the server and lite need nothing more.`
  };
}
