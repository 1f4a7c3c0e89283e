import { describe, expect, it } from 'vitest';
import { FIRST_LINE_CHARS, cellOutline, firstLine } from './cell-outline.js';

describe('cellOutline', () => {
  it('gives a code cell its execution count, and other cells none', () => {
    expect(cellOutline({ id: 'a', type: 'code', source: 'x = 1', executionCount: 3 }, 0)).toEqual({
      id: 'a',
      index: 0,
      type: 'code',
      executionCount: 3,
      firstLine: 'x = 1'
    });
    expect(cellOutline({ id: 'b', type: 'code', source: '' }, 1)).toMatchObject({ executionCount: null, firstLine: '' });
    expect(cellOutline({ id: 'm', type: 'markdown', source: '# Title' }, 2)).toEqual({
      id: 'm',
      index: 2,
      type: 'markdown',
      firstLine: '# Title'
    });
  });

  it('keeps the first line that is not blank, and says when there is more', () => {
    expect(firstLine('\n\n  import pandas as pd\nimport numpy as np\n')).toBe('  import pandas as pd …');
    expect(firstLine('print(1)\n\n')).toBe('print(1)');
    const long = 'x'.repeat(200);
    expect(firstLine(long)).toHaveLength(FIRST_LINE_CHARS);
    expect(firstLine(long).endsWith('…')).toBe(true);
  });
});
