/**
 * Pictures in results (SPEC §3.3): notebook outputs keep their MIME bundles,
 * except that each image is taken out of the JSON, to travel once as an MCP
 * image, and its place says so: "[image 1: image/png 640x480, attached]". A
 * matplotlib figure must reach the agent as a picture, never as 100k characters
 * of base64. Pure: walking and replacing; the pixels are the adapter's job.
 */

export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

export interface FoundImage {
  mimeType: ImageMimeType;
  /** base64 for png and jpeg, the SVG text for svg. */
  data: string;
}

/**
 * Calls `replace` for every image in a MIME bundle (an object with an image MIME
 * type key and a string value), in a stable order, and returns a copy with each
 * image replaced by what it returned.
 */
export function mapImages(value: unknown, replace: (image: FoundImage) => unknown): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => mapImages(item, replace));
  }
  if (typeof value !== 'object' || value === null) {
    return value;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      (IMAGE_MIME_TYPES as readonly string[]).includes(key) && typeof item === 'string'
        ? replace({ mimeType: key as ImageMimeType, data: item })
        : mapImages(item, replace);
  }
  return out;
}

/** The images mapImages would visit, in the same order, without copying anything. */
export function findImages(value: unknown, found: FoundImage[] = []): FoundImage[] {
  if (Array.isArray(value)) {
    for (const item of value) {
      findImages(item, found);
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if ((IMAGE_MIME_TYPES as readonly string[]).includes(key) && typeof item === 'string') {
        found.push({ mimeType: key as ImageMimeType, data: item });
      } else {
        findImages(item, found);
      }
    }
  }
  return found;
}
