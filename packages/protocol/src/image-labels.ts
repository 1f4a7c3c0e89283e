/**
 * Where a picture was taken out of a result, the JSON says what became of it:
 * "[image 1: image/png 640x480, attached]" names the first image block after
 * the text (attached pictures are numbered 1, 2, … in order);
 * "[image: image/png 640x480, not attached: <why>]" says why there is none. The page writes these labels; the server rewrites one when an image it
 * was sent cannot go into the MCP message (see message-budget in the server).
 */

export interface ImageDescription {
  mimeType: string;
  width: number;
  height: number;
}

/** Whether a value's JSON text may hold a picture: every image MIME type is a key starting so. A cheap test before a walk. */
export const mayHoldImages = (json: string): boolean => json.includes('"image/');

const ATTACHED = /^\[image (\d+): ([^,\]]+), attached\]$/;

export function attachedLabel(index: number, image: ImageDescription): string {
  return `[image ${index}: ${image.mimeType} ${image.width}x${image.height}, attached]`;
}

export function notAttachedLabel(what: string, why: string): string {
  return `[image: ${what}, not attached: ${why}]`;
}

/** A copy of `value` in which the attached labels numbered above `kept` say "not attached" and why. Pure. */
export function detachLabels(value: unknown, kept: number, why: string): unknown {
  if (typeof value === 'string') {
    const match = ATTACHED.exec(value);
    return match && Number(match[1]) > kept ? notAttachedLabel(match[2]!, why) : value;
  }
  if (Array.isArray(value)) {
    return value.map((item) => detachLabels(item, kept, why));
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, detachLabels(item, kept, why)]));
  }
  return value;
}
