/**
 * File names and folder listings as the file tools answer them. Pure.
 */
import { PathExt } from '@jupyterlab/coreutils';
import type { Contents } from '@jupyterlab/services';

/** The name given, with ".ipynb" added when it has another or no extension. */
export function notebookFileName(name: string): string {
  return PathExt.extname(name).toLowerCase() === '.ipynb' ? name : `${name}.ipynb`;
}

/** The name given, with `extension` (".md") added when it has none. */
export function withExtension(name: string, extension: string): string {
  return PathExt.extname(name) ? name : `${name}${extension}`;
}

export interface ListingItem {
  name: string;
  path: string;
  type: string;
  size?: number;
  lastModified?: string;
}

/** A folder's items, folders first, then by name; names starting with "." only when asked for. */
export function listingItems(items: readonly Partial<Contents.IModel>[], includeHidden: boolean): ListingItem[] {
  return items
    .filter((item) => includeHidden || !item.name?.startsWith('.'))
    .map((item) => ({
      name: item.name ?? '',
      path: item.path ?? '',
      type: item.type ?? 'file',
      ...(typeof item.size === 'number' ? { size: item.size } : {}),
      ...(item.last_modified ? { lastModified: item.last_modified } : {})
    }))
    .sort((a, b) => Number(b.type === 'directory') - Number(a.type === 'directory') || a.name.localeCompare(b.name));
}
