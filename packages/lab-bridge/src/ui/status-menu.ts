/**
 * What a click on the status item offers (SPEC §6): pause or resume agent
 * control, disconnect the page from the agent servers, or reconnect it, and
 * the "Agent changes" panel (SPEC §2.5) where the page has one.
 */
import type { Connections } from '../connection/connections.js';
import { AGENT_CHANGES_TITLE as CHANGES } from '../changes/change-view.js';
import type { PersonControl } from './person-control.js';

export async function openStatusMenu(
  person: Pick<PersonControl, 'choose' | 'paused'>,
  connections: Pick<Connections, 'disconnected' | 'disconnect' | 'reconnect'>,
  refresh: () => void,
  showChanges?: () => void
): Promise<void> {
  const changes = showChanges ? [CHANGES] : [];
  if (connections.disconnected) {
    const answer = await person.choose('Agent bridge', 'This page is disconnected from the agent servers.', [
      'Close',
      ...changes,
      'Reconnect'
    ]);
    if (answer === 'Reconnect') {
      connections.reconnect();
    } else if (answer === CHANGES) {
      showChanges?.();
    }
    return;
  }
  const pause = person.paused ? 'Resume agent' : 'Pause agent';
  const body = person.paused
    ? "Agent control is paused: the agent's calls are refused."
    : "Pause to refuse the agent's calls for now, or disconnect this page from the agent servers.";
  const choice = await person.choose('Agent bridge', body, ['Close', ...changes, 'Disconnect', pause]);
  if (choice === pause) {
    person.paused = !person.paused;
  } else if (choice === 'Disconnect') {
    connections.disconnect();
  } else if (choice === CHANGES) {
    showChanges?.();
  }
  refresh();
}
