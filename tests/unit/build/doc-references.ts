import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What the README and docs/ point at: relative links (with their anchors) and repository paths
 * named in code spans. Read from the text alone, so that a moved or renamed file shows up as a
 * broken reference in a fast unit test instead of in a newcomer's hands.
 */

export interface Reference {
  /** The Markdown file, relative to the repository. */
  file: string;
  line: number;
  /** What was named, as written (a link's target, or a path). */
  target: string;
}

/** File endings that make a code span's word a file path even when its first folder is not a repository folder. */
const FILE_ENDINGS = /\.(ts|tsx|js|mjs|cjs|json|md|astro|css|sql|sh|yml|yaml|html|service)$/;

/** Keeps line breaks, so that offsets in the masked text are the original's lines. */
function blank(text: string): string {
  return text.replace(/[^\n]/g, ' ');
}

/** Fenced code blocks hold commands and examples, not references: blanked before links and spans are read. */
function withoutFences(text: string): string {
  return text.replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2[ \t]*$/gm, blank);
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Inline code spans (a span may wrap onto the next line), with where each starts. */
function codeSpans(text: string): { code: string; offset: number }[] {
  return [...withoutFences(text).matchAll(/(`+)([^`][\s\S]*?)\1(?!`)/g)].map((match) => ({ code: match[2] ?? '', offset: match.index }));
}

/** The links' targets: `[text](target)` and `[label]: target`, outside code. */
export function linksOf(file: string, text: string): Reference[] {
  const prose = withoutFences(text).replace(/(`+)[^`][\s\S]*?\1(?!`)/g, blank);
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g)];
  const defined = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)];
  return [...inline, ...defined].map((match) => ({ file, line: lineAt(text, match.index), target: match[1] ?? '' }));
}

/**
 * The repository paths a code span names: words with a `/` whose first folder is one of the
 * repository's (`server/app.ts:63`, `tests/api/`), or that end like a file. Skipped: addresses
 * (`/api/…`, `https://…`), relative imports (`../db/connection.ts`), globs and placeholders (`server/*.ts`, `{id}`, `<file>`, `src/features/X`),
 * and what a build or a run creates (`dist/embed.js`, `DATA_DIR/tutor_images/`).
 */
export function codePathsOf(file: string, text: string, layout: { folders: Set<string>; generated: Set<string> }): Reference[] {
  const found: Reference[] = [];
  for (const span of codeSpans(text)) {
    for (const word of span.code.matchAll(/[^\s,;()"'`]+/g)) {
      const target = word[0].replace(/[.:]+$/, '').replace(/:\d+(?:[-,]\d+)*$/, '').replace(/#.*$/, '');
      // `../db/connection.ts` is an import as a file writes it, not a repository path.
      if (!target.includes('/') || /^\.{0,2}\//.test(target) || target.includes('://')) continue;
      if (/[*?{}<>[\]…$=|\\]|\.\.\./.test(target)) continue;
      const segments = target.split('/').filter((segment) => segment !== '');
      const first = segments[0] ?? '';
      if (layout.generated.has(first)) continue;
      // An all-capitals segment stands for a name (`src/features/X`, `DATA_DIR/…`).
      if (segments.some((segment) => /^[A-Z][A-Z0-9_]*$/.test(segment))) continue;
      if (!layout.folders.has(first) && !FILE_ENDINGS.test(target)) continue;
      found.push({ file, line: lineAt(text, span.offset + word.index), target });
    }
  }
  return found;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens; repeats numbered. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutFences(text).matchAll(/^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const words = (match[1] ?? '')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '');
    const slug = words
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The top folders of the repository, and those of them a build or a run makes (the folder names of .gitignore). */
export function repositoryLayout(root: string): { folders: Set<string>; generated: Set<string> } {
  const ignored = readFileSync(path.join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^[\w.-]+\/$/.test(line))
    .map((line) => line.slice(0, -1));
  const generated = new Set([...ignored, '.git']);
  const folders = new Set(
    readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !generated.has(entry.name))
      .map((entry) => entry.name),
  );
  return { folders, generated };
}

/** Why a link does not resolve, or undefined when it does. External addresses are not followed. */
export function brokenLink(root: string, reference: Reference, anchorsIn: (file: string) => Set<string>): string | undefined {
  const { target } = reference;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return undefined;
  const [rawPath = '', anchor] = target.split('#', 2);
  const relative = decodeURIComponent(rawPath);
  const file = relative === '' ? reference.file : path.posix.normalize(path.posix.join(path.posix.dirname(reference.file), relative));
  if (file.startsWith('..') || !existsSync(path.join(root, file))) return `${target} (no ${file})`;
  if (anchor === undefined || anchor === '') return undefined;
  if (!file.endsWith('.md') || statSync(path.join(root, file)).isDirectory()) return undefined;
  return anchorsIn(file).has(decodeURIComponent(anchor).toLowerCase()) ? undefined : `${target} (no heading #${anchor} in ${file})`;
}

/** The Markdown files under a folder of the repository, relative to it. */
export function markdownFiles(root: string, folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.posix.join(folder, name.split(path.sep).join('/')))
    .sort();
}
