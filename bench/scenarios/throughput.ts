/**
 * Calls per second on one page, one at a time and with many in flight. Every
 * call carries its own marker, which the echo command returns, so a result
 * that answers another call (misrouted) or never comes (lost) is counted.
 */
import { randomBytes } from 'node:crypto';
import type { BenchConfig } from '../config.js';
import type { BenchLab } from '../lab.js';
import { ECHO_COMMAND, registerEchoCommand } from '../page-probes.js';
import { p50p95, type Report } from '../report.js';
import { summarise } from '../stats.js';

interface Tally {
  durations: number[];
  lost: number;
  misrouted: number;
  seconds: number;
}

async function echoCalls(bench: BenchLab, total: number, inFlight: number): Promise<Tally> {
  const run = randomBytes(4).toString('hex');
  const tally: Tally = { durations: [], lost: 0, misrouted: 0, seconds: 0 };
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const marker = `${run}-${next++}`;
      try {
        const { result, ms } = await bench.mcp.call('execute_command', { commandId: ECHO_COMMAND, args: { marker } });
        tally.durations.push(ms);
        if (result.success !== true) {
          tally.lost++;
        } else if ((result.result as { marker?: unknown } | undefined)?.marker !== marker) {
          tally.misrouted++;
        }
      } catch {
        tally.lost++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  tally.seconds = (performance.now() - started) / 1000;
  return tally;
}

export async function throughputScenario(bench: BenchLab, config: BenchConfig, report: Report): Promise<void> {
  await registerEchoCommand(bench.page);
  await echoCalls(bench, config.warmupCalls, 1);
  const runs = [
    { label: 'sequential', total: config.sequentialCalls, inFlight: 1 },
    { label: `${config.concurrency} concurrent`, total: config.concurrentCalls, inFlight: config.concurrency }
  ];
  for (const { label, total, inFlight } of runs) {
    const tally = await echoCalls(bench, total, inFlight);
    const latency = summarise(tally.durations);
    report.add({
      section: 'throughput',
      name: `${label}: execute_command ${ECHO_COMMAND}`,
      value: `${(total / tally.seconds).toFixed(0)} calls/s (${total} calls in ${tally.seconds.toFixed(2)} s); latency ${p50p95(latency)}`,
      data: { ...tally, durations: undefined, latency, callsPerSecond: total / tally.seconds }
    });
    report.add({
      section: 'throughput',
      name: `${label}: lost / misrouted`,
      value: `${tally.lost} / ${tally.misrouted}`,
      target: '0 / 0',
      met: tally.lost === 0 && tally.misrouted === 0
    });
  }
}
