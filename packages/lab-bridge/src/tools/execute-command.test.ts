import { describe, expect, it } from 'vitest';
import { checkWidgetTargeting } from './execute-command.js';

const exists = (id: string) => id === 'notebook-1';

describe('checkWidgetTargeting', () => {
  it('lets notebook and console commands target an open widget', () => {
    expect(checkWidgetTargeting('notebook:run-cell', { semanticWidget: 'notebook-1', activate: false }, exists)).toBeUndefined();
    expect(checkWidgetTargeting('console:clear', { widgetId: 'notebook-1' }, exists)).toBeUndefined();
    expect(checkWidgetTargeting('runmenu:run', {}, exists)).toBeUndefined();
  });

  it('refuses semanticWidget or widgetId on any other command', () => {
    expect(checkWidgetTargeting('runmenu:run', { semanticWidget: 'notebook-1' }, exists)).toMatch(
      /^execute_command: "semanticWidget" is only for notebook:\* and console:\* commands, and "runmenu:run" is neither/
    );
    expect(checkWidgetTargeting('docmanager:save', { widgetId: 'notebook-1' }, exists)).toMatch(/"widgetId" is only for/);
  });

  it('refuses an id that names no open widget, pointing to get_context', () => {
    expect(checkWidgetTargeting('notebook:run-cell', { semanticWidget: 'gone' }, exists)).toBe(
      'execute_command: args.semanticWidget is "gone", but no open widget has that id. Call get_context for the ids of the open widgets.'
    );
    expect(checkWidgetTargeting('notebook:run-cell', { semanticWidget: 3 }, exists)).toMatch(/must be a widget id string/);
  });
});
