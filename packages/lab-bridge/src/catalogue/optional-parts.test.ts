import { describe, expect, it } from 'vitest';
import { OptionalParts } from './optional-parts.js';

const TRACKER = { name: '@jupyterlab/notebook:INotebookTracker' };
const DOCS = { name: '@jupyterlab/docmanager:IDocumentManager' };

describe('OptionalParts', () => {
  it('makes a part from what the page provides, and records nothing', () => {
    const parts = new OptionalParts();
    const made = parts.build('the notebook tools', { tracker: [TRACKER, 'tracker'], docs: [DOCS, 'docs'] }, (given) => given);
    expect(made).toEqual({ tracker: 'tracker', docs: 'docs' });
    expect(parts.missing).toEqual([]);
    expect(parts.whyOff('the notebook tools')).toBeUndefined();
  });

  it('turns a part off, naming every API the page lacks, without making it', () => {
    const parts = new OptionalParts();
    let made = false;
    const result = parts.build('the notebook tools', { tracker: [TRACKER, null], docs: [DOCS, undefined] }, () => {
      made = true;
    });
    expect(result).toBeUndefined();
    expect(made).toBe(false);
    expect(parts.missing).toEqual([
      {
        source: 'the notebook tools',
        error: expect.stringMatching(
          /^off: this page provides no @jupyterlab\/notebook:INotebookTracker and no @jupyterlab\/docmanager:IDocumentManager \(the plugin .* disabled or not installed\); enable it/
        )
      }
    ]);
    expect(parts.whyOff('the notebook tools')).toMatch(
      /^the notebook tools are off: this page provides no @jupyterlab\/notebook:INotebookTracker/
    );
  });

  it('turns a part off when making it fails (an API an older release lacks), with the error, and goes on', () => {
    const parts = new OptionalParts();
    const result = parts.build('the notebook tools', { tracker: [TRACKER, {}] }, () => {
      throw new TypeError('tracker.widgetUpdated is undefined');
    });
    expect(result).toBeUndefined();
    expect(parts.whyOff('the notebook tools')).toMatch(
      /^the notebook tools are off: it could not start on this page \(tracker\.widgetUpdated is undefined\), .*JupyterLab 4\.0 or newer/
    );
    expect(parts.build('the cell marks', {}, () => 'marks')).toBe('marks');
  });

  it('tells the person once, however often it is asked, and only when a part is off', () => {
    const notified: string[] = [];
    const warned: string[] = [];
    const tell = (parts: OptionalParts) =>
      parts.tellOnce(
        (message) => notified.push(message),
        (message) => warned.push(message)
      );
    const whole = new OptionalParts();
    whole.build('the notebook tools', { tracker: [TRACKER, 'tracker'] }, () => 1);
    tell(whole);
    expect(notified).toEqual([]);
    const lacking = new OptionalParts();
    lacking.build('the notebook tools', { tracker: [TRACKER, null] }, () => 1);
    tell(lacking);
    tell(lacking);
    expect(notified).toEqual(['Agent bridge: the notebook tools are off on this page; the browser console says why.']);
    expect(notified[0]!.length).toBeLessThanOrEqual(140);
    expect(warned).toEqual([
      expect.stringMatching(/^the notebook tools: off: this page provides no @jupyterlab\/notebook:INotebookTracker/)
    ]);
  });

  it('keeps apart the parts that are off and those that are on, and names each part that is off in the one notification', () => {
    const parts = new OptionalParts();
    parts.build('the notebook tools', { tracker: [TRACKER, null] }, () => 1);
    parts.build('the cell marks', { tracker: [TRACKER, 'tracker'] }, () => 1);
    parts.build('the edit planner', { docs: [DOCS, null] }, () => 1);
    expect(parts.whyOff('the cell marks')).toBeUndefined();
    expect(parts.whyOff('the edit planner')).toMatch(
      /^the edit planner are off: this page provides no @jupyterlab\/docmanager:IDocumentManager /
    );
    const notified: string[] = [];
    parts.tellOnce(
      (message) => notified.push(message),
      () => {}
    );
    expect(notified).toEqual(['Agent bridge: the notebook tools, the edit planner are off on this page; the browser console says why.']);
  });
});
