/**
 * doctor's run (SPEC §9): gathers the facts (port, token, installed bridge, its
 * settings, connected pages), checks them, prints the report on stdout and
 * returns the exit code. The command (cli/doctor.ts) loads it when it runs.
 */
import { jupyterFolders } from '../install/jupyter-paths.js';
import { findPortHolder } from '../net/port-holder.js';
import { pairedOrigins, tokenFile } from '../pairing/pairing-token.js';
import { runChecks, type PortFacts } from './checks.js';
import { readExtensionFacts, readSettingsFacts, readTokenFacts } from './local-setup.js';
import { probePort } from './port-probe.js';
import { exitCode, formatReport } from './report.js';
import { probeStatus } from './status-client.js';

export interface DoctorOptions {
  dataDir?: string;
  settingsDir?: string;
  port: number;
  publicPorts: number[];
}

export async function doctor(options: DoctorOptions, version: string, loopbackHosts: readonly string[]): Promise<number> {
  const jupyter = jupyterFolders(options);
  const token = await readTokenFacts(tokenFile());
  const checks = runChecks({
    version,
    platform: process.platform,
    port: options.port,
    publicPorts: options.publicPorts,
    portFacts: await portFacts(loopbackHosts, options.port, token.state === 'ok' ? token.token : undefined),
    token,
    extension: await readExtensionFacts(jupyter),
    settings: await readSettingsFacts(jupyter.settingsDir),
    // The token check above says what is wrong with a file that cannot be read.
    pairedOrigins: Object.keys(await pairedOrigins().catch(() => ({})))
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
