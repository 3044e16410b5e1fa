// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenLink, codePathsOf, linksOf, markdownFiles, repositoryLayout } from './doc-references.ts';

/**
 * Every link of the README and docs/ resolves (file, and heading when it names one), and every
 * repository path the README and docs/*.md name in code resolves. docs/decisions/ and docs/spec/
 * are history and copies: a decision may name a file since removed, and the spec names the
 * original product's files, so only their links are checked.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const layout = repositoryLayout(ROOT);

const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');
const anchorCache = new Map<string, Set<string>>();
const anchorsIn = (file: string): Set<string> => {
  const anchors = anchorCache.get(file) ?? anchorsOf(read(file));
  anchorCache.set(file, anchors);
  return anchors;
};

const LINKED = ['README.md', ...markdownFiles(ROOT, 'docs')];
const PATHS_CHECKED = LINKED.filter((file) => !file.startsWith('docs/decisions/') && !file.startsWith('docs/spec/'));

describe('the README and docs/', () => {
  it('link only to files and headings that exist', () => {
    const broken = LINKED.flatMap((file) =>
      linksOf(file, read(file)).flatMap((reference) => {
        const why = brokenLink(ROOT, reference, anchorsIn);
        return why === undefined ? [] : [`${reference.file}:${reference.line} → ${why}`];
      }),
    );
    expect(broken, 'broken links').toEqual([]);
  });

  it('name in code only repository paths that exist', () => {
    const missing = PATHS_CHECKED.flatMap((file) =>
      codePathsOf(file, read(file), layout)
        .filter((reference) => !existsSync(path.join(ROOT, reference.target)))
        .map((reference) => `${reference.file}:${reference.line} → ${reference.target}`),
    );
    expect(missing, 'missing paths').toEqual([]);
  });

  it('are read from where they are: the README links to each page moved out of it', () => {
    const readmeLinks = linksOf('README.md', read('README.md')).map((reference) => reference.target.split('#')[0]);
    for (const page of ['configuration', 'operations', 'performance', 'embedding', 'security', 'api']) {
      expect(readmeLinks).toContain(`docs/${page}.md`);
    }
  });
});

describe('reading references', () => {
  const text = [
    '# Going live',
    'See [Backups](#backups), [ops](docs/ops.md#going-live) and [Stripe](https://stripe.com).',
    '## Backups',
    '`node server/main.ts` and `server/app.ts:63`, `server/domain/<file>.ts`, `server/*.ts`,',
    '`src/features/X`, `DATA_DIR/tutor_images/`, `dist/embed.js`, `/api/courses`, `America/Los_Angeles`,',
    '`notify/planner.ts` and `../db/connection.ts` and `tests/api',
    '`',
    '```sh',
    'cat [not](a-link.md) `server/not-a-span.ts`',
    '```',
    '## Backups',
  ].join('\n');
  const layout = { folders: new Set(['server', 'src', 'tests', 'docs']), generated: new Set(['dist', '.data']) };

  it('finds links outside code, with their lines', () => {
    expect(linksOf('x.md', text)).toEqual([
      { file: 'x.md', line: 2, target: '#backups' },
      { file: 'x.md', line: 2, target: 'docs/ops.md#going-live' },
      { file: 'x.md', line: 2, target: 'https://stripe.com' },
    ]);
  });

  it('takes paths from code spans, and leaves addresses, placeholders, globs and built files', () => {
    expect(codePathsOf('x.md', text, layout).map((reference) => `${reference.line} ${reference.target}`)).toEqual([
      '4 server/main.ts',
      '4 server/app.ts',
      '6 notify/planner.ts',
      '6 tests/api',
    ]);
  });

  it('names headings as GitHub anchors them, numbering repeats', () => {
    expect([...anchorsOf(text)]).toEqual(['going-live', 'backups', 'backups-1']);
    expect([...anchorsOf('## The `npm run bench` figures, 2026 (PostgreSQL)')]).toEqual(['the-npm-run-bench-figures-2026-postgresql']);
  });

  it('reports a missing file and a missing heading, and follows no external address', () => {
    const none = (): Set<string> => new Set();
    expect(brokenLink(ROOT, { file: 'README.md', line: 1, target: 'docs/nowhere.md' }, anchorsIn)).toBe('docs/nowhere.md (no docs/nowhere.md)');
    expect(brokenLink(ROOT, { file: 'docs/api.md', line: 1, target: '../README.md#no-such-heading' }, none)).toBe(
      '../README.md#no-such-heading (no heading #no-such-heading in README.md)',
    );
    expect(brokenLink(ROOT, { file: 'docs/api.md', line: 1, target: '../README.md' }, none)).toBeUndefined();
    expect(brokenLink(ROOT, { file: 'README.md', line: 1, target: 'https://example.com/nowhere.md' }, none)).toBeUndefined();
  });
});
