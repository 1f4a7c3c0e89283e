import { describe, expect, it } from 'vitest';
import { widgetType } from './widget-type.js';

describe('widgetType', () => {
  it('tells notebooks, consoles, editors and other documents apart by shape', () => {
    expect(widgetType({ context: {}, content: { model: { cells: {} } } })).toBe('notebook');
    expect(widgetType({ console: {} })).toBe('console');
    expect(widgetType({ context: {}, content: { editor: {} } })).toBe('editor');
    expect(widgetType({ context: {}, content: {} })).toBe('document');
    expect(widgetType({})).toBe('widget');
  });
});
