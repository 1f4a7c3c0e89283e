/**
 * Takes the pictures out of a result: each is downscaled in the page and
 * attached, and its place in the JSON names it (protocol's image-labels).
 */
import {
  attachedLabel,
  mayHoldImages,
  notAttachedLabel,
  type AttachedImage as WireImage,
  type PageCallAnswer,
  type ToolResult
} from '@jupyter-live-mcp/protocol';
import { downscale } from './downscale.js';
import { findImages, mapImages } from './image-outputs.js';

/** More pictures than this in one result are named but not attached. */
export const MAX_IMAGES = 20;

/**
 * Base64 characters of pictures one result may carry. An MCP client reads one
 * message of at most 10 MiB (the SDK's stdio default) and the server keeps the
 * whole message under 8 MiB; this leaves room for the result's text.
 */
export const IMAGE_BUDGET_CHARS = 5 * 1024 * 1024;

/** `json`: the result's JSON text; one without a picture's MIME type in it is not parsed, nor walked. */
export async function attachImages(json: string, maxSide: number): Promise<PageCallAnswer> {
  const result = mayHoldImages(json) ? (JSON.parse(json) as ToolResult) : undefined;
  const found = result ? findImages(result) : [];
  if (!result || found.length === 0) {
    return { resultJson: json, images: [] };
  }
  const images: WireImage[] = [];
  const labels: string[] = [];
  let used = 0;
  for (const image of found) {
    if (images.length >= MAX_IMAGES) {
      labels.push(
        notAttachedLabel(
          image.mimeType,
          `only the first ${MAX_IMAGES} pictures of a result are attached; ask for the others alone (e.g. one cell)`
        )
      );
      continue;
    }
    try {
      const small = await downscale(image, maxSide);
      const what = `${small.mimeType} ${small.width}x${small.height}`;
      if (used + small.data.length > IMAGE_BUDGET_CHARS) {
        labels.push(
          notAttachedLabel(
            what,
            `the pictures of this result reached ${IMAGE_BUDGET_CHARS / 1024 / 1024} MiB; ask for this one alone (e.g. one cell), or lower maxImageSide`
          )
        );
        continue;
      }
      used += small.data.length;
      images.push({ mimeType: small.mimeType, data: small.data });
      labels.push(attachedLabel(images.length, small));
    } catch (error) {
      labels.push(notAttachedLabel(image.mimeType, `it could not be decoded (${(error as Error).message})`));
    }
  }
  let next = 0;
  return { resultJson: JSON.stringify(mapImages(result, () => labels[next++])), images };
}
