/**
 * Downscales a picture in the page with a canvas, so the agent gets at most
 * `maxSide` pixels a side. SVG is rasterised to PNG (cheap in a browser). A big
 * PNG that is a photo rather than a chart goes as JPEG when that is less than
 * half the size: charts stay sharp PNGs, photos stop eating the message budget.
 */
import type { FoundImage } from './image-outputs.js';

type Encoded = { mimeType: 'image/png' | 'image/jpeg'; data: string; width: number; height: number };

/** Base64 characters from which a PNG is worth trying as JPEG. */
export const JPEG_TRY_FROM_CHARS = 256 * 1024;

export async function downscale(image: FoundImage, maxSide: number): Promise<Encoded> {
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
  const mimeType: Encoded['mimeType'] = image.mimeType === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  const encoded: Encoded =
    scale === 1 && image.mimeType !== 'image/svg+xml'
      ? { mimeType, data: image.data.replace(/\s+/g, ''), width, height }
      : draw(element, Math.round(width * scale), Math.round(height * scale), mimeType);
  if (encoded.mimeType === 'image/png' && encoded.data.length >= JPEG_TRY_FROM_CHARS) {
    const jpeg = draw(element, encoded.width, encoded.height, 'image/jpeg');
    if (jpeg.data.length * 2 < encoded.data.length) {
      return jpeg;
    }
  }
  return encoded;
}

function draw(element: HTMLImageElement, width: number, height: number, mimeType: Encoded['mimeType']): Encoded {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, width);
  canvas.height = Math.max(1, height);
  const context = canvas.getContext('2d');
  if (!context) {
    throw new Error('no 2D canvas in this browser');
  }
  if (mimeType === 'image/jpeg') {
    // JPEG has no transparency: what was transparent shows white, as on the page.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  context.drawImage(element, 0, 0, canvas.width, canvas.height);
  const dataUrl = canvas.toDataURL(mimeType, mimeType === 'image/jpeg' ? 0.85 : undefined);
  return { mimeType, data: dataUrl.slice(dataUrl.indexOf(',') + 1), width: canvas.width, height: canvas.height };
}
