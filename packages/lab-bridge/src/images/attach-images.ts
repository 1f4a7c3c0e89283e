/**
 * Takes the pictures out of a result: each is downscaled in the page and
 * attached, and its place in the JSON names it.
 */
import type { AttachedImage as WireImage, ToolResult } from '@jupyter-live-mcp/protocol';
import { downscale } from './downscale.js';
import { findImages, mapImages, placeholder } from './image-outputs.js';

/** More pictures than this in one result are named but not attached. */
export const MAX_IMAGES = 20;

export async function attachImages(result: ToolResult, maxSide: number): Promise<{ result: ToolResult; images: WireImage[] }> {
  const found = findImages(result);
  if (found.length === 0) {
    return { result, images: [] };
  }
  const images: WireImage[] = [];
  const labels: string[] = [];
  for (const [i, image] of found.entries()) {
    if (i >= MAX_IMAGES) {
      labels.push(`[image ${i + 1}: ${image.mimeType}, not attached: only the first ${MAX_IMAGES} images of a result are]`);
      continue;
    }
    try {
      const small = await downscale(image, maxSide);
      images.push({ mimeType: small.mimeType, data: small.data });
      labels.push(placeholder(images.length, small));
    } catch (error) {
      labels.push(`[image ${i + 1}: ${image.mimeType}, not attached: it could not be decoded (${(error as Error).message})]`);
    }
  }
  let next = 0;
  return { result: mapImages(result, () => labels[next++]) as ToolResult, images };
}
