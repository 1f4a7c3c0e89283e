import { describe, expect, it } from 'vitest';
import type { ToolDescriptor } from '@jupyter-live-mcp/protocol';
import { argumentsOf, badArguments, planSync, registrationKey, registrationOf } from './registrations.js';

const hints = { readOnlyHint: true, consequentialHint: false, untrustedContentHint: true };
const tool = (name: string, fields: Partial<ToolDescriptor> = {}): ToolDescriptor => ({
  name,
  description: `${name} does it`,
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  hints,
  ...fields
});
const registeredAs = (...tools: ToolDescriptor[]) => new Map(tools.map((t) => [t.name, registrationKey(registrationOf(t))]));

describe('registrationOf', () => {
  it('registers the name, title, description and schema, with the R/C/U hints as WebMCP annotations', () => {
    expect(registrationOf(tool('read_notebook', { title: 'Read a notebook', command: 'jupyter-live-mcp:read-notebook' }))).toEqual({
      name: 'read_notebook',
      title: 'Read a notebook',
      description: 'read_notebook does it',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      annotations: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: true }
    });
  });

  it('leaves out a missing title (WebMCP lists none then)', () => {
    expect(registrationOf(tool('a'))).not.toHaveProperty('title');
  });
});

describe('planSync', () => {
  it('registers every tool at first', () => {
    const plan = planSync(new Map(), [tool('a'), tool('b')]);
    expect(plan.remove).toEqual([]);
    expect(plan.add.map((r) => r.name)).toEqual(['a', 'b']);
  });

  it('leaves unchanged tools alone, adds new ones, withdraws gone ones and registers changed ones again', () => {
    const plan = planSync(registeredAs(tool('same'), tool('gone'), tool('changed')), [
      tool('same'),
      tool('changed', { hints: { ...hints, consequentialHint: true } }),
      tool('new')
    ]);
    expect(plan.remove).toEqual(['gone', 'changed']);
    expect(plan.add.map((r) => [r.name, r.annotations.consequentialHint])).toEqual([
      ['changed', true],
      ['new', false]
    ]);
  });

  it('does not register again for a change WebMCP does not show (the command behind a tool)', () => {
    const plan = planSync(registeredAs(tool('a', { command: 'x:one' })), [tool('a', { command: 'x:two' })]);
    expect(plan).toEqual({ remove: [], add: [] });
  });

  it('withdraws everything for an empty catalogue (webmcp off)', () => {
    expect(planSync(registeredAs(tool('a'), tool('b')), [])).toEqual({ remove: ['a', 'b'], add: [] });
  });

  it('registers the first of two tools with one name, as WebMCP refuses a duplicate', () => {
    const plan = planSync(new Map(), [tool('a', { description: 'first' }), tool('a', { description: 'second' })]);
    expect(plan.add.map((r) => r.description)).toEqual(['first']);
  });
});

describe('argumentsOf', () => {
  it('takes an object, and nothing as no arguments', () => {
    expect(argumentsOf({ path: 'a.ipynb' })).toEqual({ path: 'a.ipynb' });
    expect(argumentsOf(undefined)).toEqual({});
    expect(argumentsOf(null)).toEqual({});
  });

  it('refuses arguments that are not an object, saying what they were', () => {
    expect(argumentsOf('path=a')).toBeUndefined();
    expect(argumentsOf([1])).toBeUndefined();
    const answer = badArguments('read_notebook', [1]);
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent).toMatchObject({ success: false, code: 'bad_input' });
    expect(answer.content).toEqual([{ type: 'text', text: JSON.stringify(answer.structuredContent) }]);
    expect(JSON.stringify(answer)).toContain('not an array');
  });
});
