/**
 * Downscales a picture in the page with a canvas, so the agent gets at most
 * `maxSide` pixels a side. SVG is rasterised to PNG (cheap in a browser).
 */
import type { FoundImage } from './image-outputs.js';

export async function downscale(
  image: FoundImage,
  maxSide: number
): Promise<{ mimeType: 'image/png' | 'image/jpeg'; data: string; width: number; height: number }> {
  const source =
    image.mimeType === 'image/svg+xml'
      ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(image.data)}`
      : // nbformat allows line breaks inside base64.
        `data:${image.mimeType};base64,${image.data.replace(/\s+/g, '')}`;
  const element = new Image();
  element.src = source;
  await element.decode();
  const width = element.naturalWidth || maxSide;
  const height = element.naturalHeight || maxSide;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const mimeType = image.mimeType === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  if (scale === 1 && image.mimeType !== 'image/svg+xml') {
    return { mimeType, data: image.data.replace(/\s+/g, ''), width, height };
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d');
  if (!context) {
    throw new Error('no 2D canvas in this browser');
  }
  context.drawImage(element, 0, 0, canvas.width, canvas.height);
  const dataUrl = canvas.toDataURL(mimeType, 0.9);
  return { mimeType, data: dataUrl.slice(dataUrl.indexOf(',') + 1), width: canvas.width, height: canvas.height };
}
