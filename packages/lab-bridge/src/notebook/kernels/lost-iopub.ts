/**
 * When a run's IOPub is lost. JupyterLab ends a request once both its reply and
 * its closing "idle" have come; a connection that missed the run's IOPub (it was
 * reconnecting: the kernel had just restarted through another connection) never
 * hears that idle, and the run would wait forever. The kernel publishes a run's
 * "busy" before it runs the code and replies after, so a reply with nothing
 * heard on IOPub is suspect but no proof: IOPub may only be late. kernel_info
 * probes sent from then on decide: their IOPub comes after the run's, so
 * hearing a probe first means the run's was lost. They go on every
 * PROBE_EVERY_MS, as a deaf connection hears again once it has reconnected; one
 * that hears nothing at all for LOST_IOPUB_MS is taken as deaf for good.
 */
import type { Kernel } from '@jupyterlab/services';
import { sendKernelInfo } from './kernel-info-probe.js';

export const LOST_IOPUB_MS = 5000;
export const PROBE_EVERY_MS = 250;

export interface IopubWatch<Reply> {
  /** Resolves with the run's reply once its IOPub is known lost; never while it may still come. */
  lost: Promise<Reply>;
  /** Tells the watch the run's IOPub was heard. */
  heard(): void;
  /** Ends the watch: its timers and its probes. */
  stop(): void;
}

/** Watches the run of `future`, whose reply handler it takes. */
export function watchIopub<Reply>(
  kernel: Pick<Kernel.IKernelConnection, 'sendShellMessage' | 'clientId' | 'username' | 'connectionStatus'>,
  future: { onReply: (reply: Reply) => void | PromiseLike<void> }
): IopubWatch<Reply> {
  let heard = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let probing: ReturnType<typeof setInterval> | undefined;
  const probes: Kernel.IShellFuture[] = [];
  const stopProbing = () => {
    clearTimeout(timer);
    clearInterval(probing);
  };
  const lost = new Promise<Reply>((resolve) => {
    future.onReply = (reply) => {
      if (heard) {
        return;
      }
      const unlessHeard = () => {
        if (!heard) {
          resolve(reply);
        }
      };
      const probe = () => {
        // A connection still reconnecting would only queue it, to send with the others later.
        if (kernel.connectionStatus !== 'connected') {
          return;
        }
        const sent = sendKernelInfo(kernel);
        if (sent) {
          sent.onIOPub = unlessHeard;
          probes.push(sent);
        }
      };
      probe();
      probing = setInterval(probe, PROBE_EVERY_MS);
      timer = setTimeout(unlessHeard, LOST_IOPUB_MS);
    };
  });
  return {
    lost,
    heard: () => {
      heard = true;
      stopProbing();
    },
    stop: () => {
      stopProbing();
      for (const sent of probes) {
        sent.dispose();
      }
    }
  };
}
