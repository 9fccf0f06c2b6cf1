/**
 * Checks the documentation's relative links: every link and image in README.md and docs/*.md that
 * is not an absolute URL must name an existing file, and its `#anchor`, if any, a heading of that
 * file (GitHub's heading ids). Prints each broken link with its file and line and exits 1 when
 * there is one. Run: `npx tsx scripts/check-doc-links.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** The Markdown files checked: README.md and every docs/*.md. */
function documents(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => path.join(ROOT, 'docs', name));
  return [path.join(ROOT, 'README.md'), ...docs];
}

/** The file's lines with fenced code blocks blanked and inline code spans removed. */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

/** GitHub's id for a heading: its text without markup, lowercased, punctuation dropped, spaces to hyphens. */
function headingId(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]{1,2}([^`*_]+)[`*_]{1,2}/g, '$1')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

const anchorsByFile = new Map<string, Set<string>>();

/** The heading ids of a Markdown file, repeated headings numbered as GitHub does (`-1`, `-2`). */
function anchors(file: string): Set<string> {
  const known = anchorsByFile.get(file);
  if (known) return known;
  const ids = new Set<string>();
  let fenced = false;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const id = headingId(heading[1]);
    let unique = id;
    for (let n = 1; ids.has(unique); n++) unique = `${id}-${n}`;
    ids.add(unique);
  }
  anchorsByFile.set(file, ids);
  return ids;
}

/** What is wrong with one link target written in `from`, or null when it resolves. */
function problem(from: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  const [pathPart = '', anchor] = target.split('#', 2);
  const file = pathPart ? path.resolve(path.dirname(from), decodeURI(pathPart)) : from;
  if (!fs.existsSync(file)) return 'no such file';
  if (anchor === undefined) return null;
  if (!file.endsWith('.md')) return 'an anchor into a file that is not Markdown';
  return anchors(file).has(decodeURIComponent(anchor)) ? null : `no heading #${anchor}`;
}

function main(): void {
  const broken: string[] = [];
  let checked = 0;
  for (const file of documents()) {
    // Joined again so that a link's text may wrap over lines.
    const prose = proseLines(fs.readFileSync(file, 'utf8')).join('\n');
    for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1] ?? '';
      checked++;
      const why = problem(file, target);
      const line = prose.slice(0, match.index).split('\n').length;
      if (why) broken.push(`${path.relative(ROOT, file)}:${line}: ${target}: ${why}`);
    }
  }
  for (const line of broken) console.error(line);
  console.log(`${checked} links checked, ${broken.length} broken`);
  if (broken.length > 0) process.exitCode = 1;
}

main();
