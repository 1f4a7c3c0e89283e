/**
 * How many whole cells a read can give within maxResultChars. A read of a big
 * notebook stops at the last cell that fits and says where to read on, instead
 * of leaving the result cap to shorten every string of every cell: the agent
 * gets whole cells, and the page builds and cuts no view it would not send.
 * Pictures are counted as the label that takes their place (calls/images). Pure.
 */

import { mayHoldImages } from '@jupyter-live-mcp/protocol';

/** What the image pipeline leaves of a picture in the result: "[image 12: image/png 1024x768, attached]", at most. */
const PICTURE_LABEL_CHARS = 64;
/** The result's own fields beside the cells: success, the note saying where to read on, the ids it names. */
const ROOM_FOR_THE_REST = 400;

/** JSON length of a value with every picture counted as its label. */
export function jsonLengthWithoutPictures(value: unknown): number {
  const json = JSON.stringify(value);
  // A replacer costs a call per key: only a value that may hold a picture pays for it.
  return mayHoldImages(json) ? JSON.stringify(value, pictureAsLabel).length : json.length;
}

const pictureAsLabel = (key: string, item: unknown) =>
  key.startsWith('image/') && typeof item === 'string' && item.length > PICTURE_LABEL_CHARS ? 'x'.repeat(PICTURE_LABEL_CHARS) : item;

/**
 * The views of `indexes`, in order, while they fit in `budget` characters of
 * JSON beside `fixedChars` of the result's other fields; at least the first
 * (the cap cuts a lone cell too big on its own). Each is measured as `viewAt`
 * gives it: a read's views show their ids as the agent gets them.
 */
export function cellsWithin<T>(indexes: readonly number[], viewAt: (index: number) => T, budget: number, fixedChars: number): T[] {
  const views: T[] = [];
  let used = fixedChars + ROOM_FOR_THE_REST;
  for (const index of indexes) {
    const view = viewAt(index);
    used += jsonLengthWithoutPictures(view) + 1;
    if (used > budget && views.length > 0) {
      break;
    }
    views.push(view);
  }
  return views;
}
