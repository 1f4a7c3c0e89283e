/**
 * jupyter-live-mcp doctor (SPEC §9): gathers the facts (port, token, installed
 * bridge, its settings, connected pages), checks them, prints the report on
 * stdout and returns the exit code.
 */
import { homedir } from 'node:os';
import { CliError, type CliOptions } from '../cli-options.js';
import { jupyterDataDir, labSettingsDir } from '../install/jupyter-paths.js';
import { tokenFile } from '../pairing-token.js';
import { runChecks, type PortFacts } from './checks.js';
import { readExtensionFacts, readSettingsFacts, readTokenFacts } from './local-setup.js';
import { findPortHolder } from '../port-holder.js';
import { probePort } from './port-probe.js';
import { exitCode, formatReport } from './report.js';
import { probeStatus } from './status-client.js';

export async function doctorCommand(options: CliOptions, version: string): Promise<number> {
  if (options.port === 0) {
    throw new CliError('doctor checks one port: give it the --port your server uses (0 means "any free port" only when the server starts).');
  }
  const paths = { env: process.env, home: homedir(), platform: process.platform };
  const token = await readTokenFacts(tokenFile());
  const checks = runChecks({
    version,
    platform: process.platform,
    port: options.port,
    publicPorts: options.publicPorts,
    portFacts: await portFacts(options.hosts, options.port, token.state === 'ok' ? token.token : undefined),
    token,
    extension: await readExtensionFacts(options.dataDir ?? jupyterDataDir(paths)),
    settings: await readSettingsFacts(options.settingsDir ?? labSettingsDir(paths))
  });
  process.stdout.write(formatReport(version, checks));
  return exitCode(checks);
}

async function portFacts(hosts: readonly string[], port: number, token: string | undefined): Promise<PortFacts> {
  const probe = await probePort(hosts, port);
  if (probe.error) {
    return { state: 'unusable', error: probe.error };
  }
  const host = probe.heldOn[0];
  if (host === undefined) {
    return { state: 'free' };
  }
  // A server listening on every address is asked on loopback, where its Host check lets us in.
  const status = await probeStatus(host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host, port, token);
  return status.kind === 'not-ours' ? { state: 'held', status, holder: await findPortHolder(port) } : { state: 'held', status };
}
