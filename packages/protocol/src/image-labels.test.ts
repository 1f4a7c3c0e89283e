import { describe, expect, it } from 'vitest';
import { attachedLabel, detachLabels, notAttachedLabel } from './image-labels.js';

const png = { mimeType: 'image/png', width: 640, height: 480 };
const why = 'over the message budget';

describe('image labels', () => {
  it('name an attached picture by its number, type and size, and say why one is not attached', () => {
    expect(attachedLabel(2, png)).toBe('[image 2: image/png 640x480, attached]');
    expect(notAttachedLabel('image/jpeg 10x20', 'too large')).toBe('[image: image/jpeg 10x20, not attached: too large]');
  });

  it('say "not attached" and why for the pictures numbered above those kept, wherever the result holds them', () => {
    const result = {
      success: true,
      outputs: [{ data: { 'image/png': attachedLabel(1, png) } }, { data: { 'image/png': attachedLabel(2, png) } }],
      more: { nested: [attachedLabel(3, { mimeType: 'image/jpeg', width: 1, height: 2 })] },
      count: 3
    };
    expect(detachLabels(result, 1, why)).toEqual({
      success: true,
      outputs: [
        { data: { 'image/png': '[image 1: image/png 640x480, attached]' } },
        { data: { 'image/png': `[image: image/png 640x480, not attached: ${why}]` } }
      ],
      more: { nested: [`[image: image/jpeg 1x2, not attached: ${why}]`] },
      count: 3
    });
    expect(detachLabels(result, 3, why)).toEqual(result);
    expect(detachLabels(attachedLabel(12, png), 9, why)).toBe(`[image: image/png 640x480, not attached: ${why}]`);
    expect(detachLabels(attachedLabel(1, png), 0, why)).toBe(`[image: image/png 640x480, not attached: ${why}]`);
  });

  it('leave text that only looks like a label as it is', () => {
    const texts = [
      `see ${attachedLabel(2, png)}`,
      `${attachedLabel(2, png)} above`,
      '[image 2: , attached]',
      '[image x: image/png 1x1, attached]',
      '[image 2: image/png 1x1, detached]',
      null,
      7
    ];
    expect(detachLabels(texts, 0, why)).toEqual(texts);
  });
});
