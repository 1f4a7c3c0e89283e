/**
 * jupyter-live-mcp doctor (SPEC §9): its flags, and its run
 * (doctor/run-doctor.ts), loaded when it runs.
 */
import type { DoctorOptions } from '../doctor/run-doctor.js';
import type { Command } from './command.js';
import { CliError, FOLDER_FLAGS, PORT_FLAG, PUBLIC_PORT_FLAG, bridgePort, folders, parseFlags, publicPorts, type Flags } from './flags.js';
import { LOOPBACK_HOSTS } from './server-flags.js';

const DOCTOR_FLAGS = { ...FOLDER_FLAGS, ...PORT_FLAG, ...PUBLIC_PORT_FLAG } as const satisfies Flags;

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
    // Loaded when doctor runs: the server's process never holds the checks.
    const { doctor } = await import('../doctor/run-doctor.js');
    process.exitCode = await doctor(options, version, LOOPBACK_HOSTS);
  }
};
