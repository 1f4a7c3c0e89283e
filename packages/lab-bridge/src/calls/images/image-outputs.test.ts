import { describe, expect, it } from 'vitest';
import { attachedLabel, mayHoldImages } from '@jupyter-live-mcp/protocol';
import { findImages, IMAGE_MIME_TYPES, mapImages } from './image-outputs.js';

const result = {
  success: true,
  outputs: [
    { output_type: 'stream', text: 'hi' },
    { output_type: 'display_data', data: { 'image/png': 'iVBORw0KGgo=', 'text/plain': '<Figure size 640x480>' } },
    { output_type: 'execute_result', data: { 'image/svg+xml': '<svg/>', 'image/jpeg': '/9j/4AAQ' } }
  ]
};

describe('image outputs', () => {
  it('knows a JSON text without pictures by a look, and never misses one that has some', () => {
    expect(mayHoldImages(JSON.stringify(result))).toBe(true);
    for (const mimeType of IMAGE_MIME_TYPES) {
      expect(mayHoldImages(JSON.stringify({ cells: [{ outputs: [{ data: { [mimeType]: 'AAAA' } }] }] })), mimeType).toBe(true);
    }
    expect(mayHoldImages(JSON.stringify({ success: true, outputs: [{ output_type: 'stream', text: 'an image/png file' }] }))).toBe(false);
    expect(findImages({ text: 'an image/png file' })).toEqual([]);
  });

  it('finds every image of every MIME bundle, in order', () => {
    expect(findImages(result)).toEqual([
      { mimeType: 'image/png', data: 'iVBORw0KGgo=' },
      { mimeType: 'image/svg+xml', data: '<svg/>' },
      { mimeType: 'image/jpeg', data: '/9j/4AAQ' }
    ]);
  });

  it('replaces each image by its placeholder and keeps everything else', () => {
    let n = 0;
    const replaced = mapImages(result, (image) =>
      attachedLabel(++n, { mimeType: image.mimeType === 'image/jpeg' ? 'image/jpeg' : 'image/png', width: 640, height: 480 })
    );
    expect(replaced).toEqual({
      success: true,
      outputs: [
        { output_type: 'stream', text: 'hi' },
        {
          output_type: 'display_data',
          data: { 'image/png': '[image 1: image/png 640x480, attached]', 'text/plain': '<Figure size 640x480>' }
        },
        {
          output_type: 'execute_result',
          data: { 'image/svg+xml': '[image 2: image/png 640x480, attached]', 'image/jpeg': '[image 3: image/jpeg 640x480, attached]' }
        }
      ]
    });
  });

  it('leaves a result without images as it is', () => {
    expect(findImages({ success: true, text: 'image/png' })).toEqual([]);
  });

  it('takes an image MIME key only with a string value, and leaves null, arrays and other values as they are', () => {
    const value = { 'image/png': { not: 'a picture' }, list: [null, 1, { 'image/jpeg': 'JPEG' }], none: null };
    expect(findImages(value)).toEqual([{ mimeType: 'image/jpeg', data: 'JPEG' }]);
    expect(mapImages(value, (image) => `[${image.mimeType}]`)).toEqual({
      'image/png': { not: 'a picture' },
      list: [null, 1, { 'image/jpeg': '[image/jpeg]' }],
      none: null
    });
    expect(Array.isArray(mapImages([1, 2], () => 'x'))).toBe(true);
  });
});
