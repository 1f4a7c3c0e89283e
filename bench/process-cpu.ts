/** The CPU time (user and system) a process has taken, in ms, from /proc: clock ticks of 10 ms, so time many calls at once. */
import { readFileSync } from 'node:fs';

export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
