/**
 * jupyter-live-mcp doctor (SPEC §9): gathers the facts (port, token, installed
 * bridge, its settings, connected pages), checks them, prints the report on
 * stdout and returns the exit code.
 */
import { runChecks, type PortFacts } from '../doctor/checks.js';
import { readExtensionFacts, readSettingsFacts, readTokenFacts } from '../doctor/local-setup.js';
import { probePort } from '../doctor/port-probe.js';
import { exitCode, formatReport } from '../doctor/report.js';
import { probeStatus } from '../doctor/status-client.js';
import { jupyterFolders } from '../install/jupyter-paths.js';
import { tokenFile } from '../pairing/pairing-token.js';
import { findPortHolder } from '../net/port-holder.js';
import type { Command } from './command.js';
import { CliError, FOLDER_FLAGS, PORT_FLAG, PUBLIC_PORT_FLAG, bridgePort, folders, parseFlags, publicPorts, type Flags } from './flags.js';
import { LOOPBACK_HOSTS } from './server-flags.js';

const DOCTOR_FLAGS = { ...FOLDER_FLAGS, ...PORT_FLAG, ...PUBLIC_PORT_FLAG } as const satisfies Flags;

export interface DoctorOptions {
  dataDir?: string;
  settingsDir?: string;
  port: number;
  publicPorts: number[];
}

export const doctorCommand: Command<DoctorOptions> = {
  word: 'doctor',
  name: 'doctor',
  flags: DOCTOR_FLAGS,
  parse(args) {
    const values = parseFlags(args, DOCTOR_FLAGS);
    const port = bridgePort(values);
    if (port === 0) {
      throw new CliError(
        'doctor checks one port: give it the --port your server uses (0 means "any free port" only when the server starts).'
      );
    }
    return { ...folders(values), port, publicPorts: publicPorts(values) };
  },
  async run(options, { version }) {
    process.exitCode = await doctor(options, version);
  }
};

async function doctor(options: DoctorOptions, version: string): Promise<number> {
  const jupyter = jupyterFolders(options);
  const token = await readTokenFacts(tokenFile());
  const checks = runChecks({
    version,
    platform: process.platform,
    port: options.port,
    publicPorts: options.publicPorts,
    portFacts: await portFacts(LOOPBACK_HOSTS, options.port, token.state === 'ok' ? token.token : undefined),
    token,
    extension: await readExtensionFacts(jupyter),
    settings: await readSettingsFacts(jupyter.settingsDir)
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
