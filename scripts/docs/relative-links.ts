/**
 * The relative links of Markdown files, and which do not resolve: to a file
 * that is not there, or to an anchor that is not a heading of the file it
 * names (headings' anchors as GitHub makes them), or any at all in a file read
 * alone (a package's README on its registry's page). Pure: the files are given.
 */
import path from 'node:path';

export interface BrokenLink {
  file: string;
  target: string;
  why: string;
}

/** `[text](target)` and `![alt](target)` outside code; the target up to a space (a title may follow). */
const LINK = /!?\[[^\]]*\]\(<?([^)\s>]+)>?[^)]*\)/g;

/** The text of a Markdown file without its fenced code blocks and inline code, where brackets are not links. */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchors for a file's headings: lowercased, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading = ''] of text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/**
 * The links of `files` (paths relative to the repository root, with their
 * text) that do not resolve; `exists` says whether a path that is not one of
 * `files` is in the repository; `readAlone` names the files shown without the
 * repository around them.
 */
export function brokenLinks(
  files: ReadonlyMap<string, string>,
  exists: (repoPath: string) => boolean,
  readAlone: ReadonlySet<string> = new Set()
): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const [file, text] of files) {
    for (const [, target = ''] of prose(text).matchAll(LINK)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
        continue;
      }
      if (readAlone.has(file)) {
        broken.push({
          file,
          target,
          why: 'the file is shown alone on its registry (npm, PyPI), where it leads nowhere: say it in words or give a full URL'
        });
        continue;
      }
      const [where = '', anchor] = target.split('#');
      const linked = where ? path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(where))) : file;
      if (linked.startsWith('..')) {
        broken.push({ file, target, why: 'it leads out of the repository' });
      } else if (!files.has(linked) && !exists(linked)) {
        broken.push({ file, target, why: `${linked} does not exist` });
      } else if (anchor !== undefined) {
        const linkedText = files.get(linked);
        if (linkedText === undefined) {
          broken.push({ file, target, why: `${linked} is not one of the checked Markdown files, so its anchors are unknown` });
        } else if (!headingAnchors(linkedText).has(anchor)) {
          broken.push({ file, target, why: `${linked} has no heading with the anchor #${anchor}` });
        }
      }
    }
  }
  return broken;
}
