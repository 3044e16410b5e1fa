// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArchive, readFirstEntry, writeArchive } from '../../../server/admin/archive.ts';
import { parseArgs } from '../../../server/admin/args.ts';
import { backup } from '../../../server/admin/backup.ts';
import { unpackBackup } from '../../../server/admin/backup-file.ts';
import { encrypt } from '../../../server/admin/encryption.ts';
import { withoutPassword } from '../../../server/admin/postgres-client.ts';
import { pgConnection, toolErrorLine } from '../../../server/admin/postgres-tools.ts';
import { type KeyInput, askHidden } from '../../../server/admin/prompt.ts';

describe('the admin command: passwords stay out of command lines and messages', () => {
  it('gives the PostgreSQL programs the address without its password, and the password in their environment', () => {
    const connection = pgConnection('postgres://app:s%40cret@db.internal:5432/tutoring?sslmode=require');
    expect(connection.dbname).toBe('postgres://app@db.internal:5432/tutoring?sslmode=require');
    expect(connection.env.PGPASSWORD).toBe('s@cret');
    expect(pgConnection('postgres://app@db/tutoring?password=x1&sslmode=disable')).toMatchObject({ dbname: 'postgres://app@db/tutoring?sslmode=disable', password: 'x1' });
    expect(withoutPassword('postgres://app:s3cret@db/tutoring')).toBe('postgres://app@db/tutoring');
  });

  it("reports a program's first error line, without its prefix or the password", () => {
    const stderr = 'pg_dump: error: connection to server failed: FATAL:  password "hunter22" rejected\n\tIs the server running?\n';
    expect(toolErrorLine('pg_dump', stderr, 'hunter22')).toBe('pg_dump failed: connection to server failed: FATAL:  password "***" rejected');
    expect(toolErrorLine('psql', 'psql:<stdin>:57: ERROR:  relation "courses" already exists\n', '')).toBe('psql failed: ERROR:  relation "courses" already exists');
  });

  it('says in one line, without the password, that the database cannot be reached', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tutoring-admin-unit-'));
    try {
      const failure = backup({ kind: 'postgres', databaseUrl: 'postgres://app:hunter22@127.0.0.1:1/none', dataDir }, path.join(dataDir, 'b.tar'));
      await expect(failure).rejects.toThrow(/^postgres:\/\/app@127\.0\.0\.1:1\/none: connect ECONNREFUSED/);
      await expect(failure).rejects.not.toThrow(/hunter22/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('an encrypted backup', () => {
  // The one scrypt at 2^18 of the tests: a second or more (pure JavaScript), more on a busy machine.
  it("is an age file whose passphrase goes through scrypt at age's default work factor, 2^18, unless a test sets a lower one", { timeout: 60_000 }, async () => {
    const header = async (workFactor?: number) => {
      const encrypted = await encrypt(new Blob(['the backup']).stream(), 'correct horse battery staple', workFactor);
      return Buffer.from(await new Response(encrypted).arrayBuffer()).toString('latin1');
    };
    expect(await header()).toMatch(/^age-encryption\.org\/v1\n-> scrypt [A-Za-z0-9+/]+ 18\n/);
    expect(await header(10)).toMatch(/^age-encryption\.org\/v1\n-> scrypt [A-Za-z0-9+/]+ 10\n/);
  });
});

describe('the admin command line', () => {
  const flags = { email: 'value', force: 'switch' } as const;
  it('reads --flag value, --flag=value, switches and positionals', () => {
    expect(parseArgs(['--email', 'a@b.c', 'FILE', '--force'], flags, ['FILE'])).toEqual({ flags: { email: 'a@b.c', force: true }, positionals: ['FILE'] });
    expect(parseArgs(['--email=x=y'], flags, [])).toEqual({ flags: { email: 'x=y' }, positionals: [] });
    // After `--` everything is a positional (a file whose name starts with a dash); `=` gives such a value.
    expect(parseArgs(['--email=-x', '--', '--force'], flags, ['FILE'])).toEqual({ flags: { email: '-x' }, positionals: ['--force'] });
  });
  it.each([
    [['--nope'], [], 'unknown flag --nope'],
    [['-f'], [], 'unknown flag -f'],
    [['--email'], [], '--email needs a value'],
    [['--email', '--force'], [], '--email needs a value'],
    [['--force=yes'], [], '--force takes no value'],
    [['--force', '--force'], [], '--force is given twice'],
    [[], ['FILE'], 'missing FILE'],
    [['a', 'b'], ['FILE'], "unexpected argument 'b'"],
  ])('refuses %j', (argv, positionals, message) => {
    expect(() => parseArgs(argv, flags, positionals)).toThrow(message);
  });
});

describe('the backup archive (tar)', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tutoring-archive-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes files and bytes that it, and tar, read back', async () => {
    const big = Buffer.alloc(1_500_123, 7);
    await writeFile(path.join(dir, 'big.bin'), big);
    const file = path.join(dir, 'a.tar');
    await writeArchive(file, [
      { name: 'manifest.json', data: Buffer.from('{"a":1}') },
      { name: 'database.pgdump', file: path.join(dir, 'big.bin') },
      { name: 'tutor_images/1.jpg', data: Buffer.alloc(0) },
    ]);
    const out = path.join(dir, 'out.bin');
    const entries = await readArchive(file, ({ name }) => (name === 'database.pgdump' ? out : undefined));
    expect(entries.map((e) => [e.name, e.size])).toEqual([
      ['manifest.json', 7],
      ['database.pgdump', big.length],
      ['tutor_images/1.jpg', 0],
    ]);
    expect(Buffer.compare(await readFile(out), big)).toBe(0);
    expect((await stat(out)).mode & 0o777).toBe(0o600);
    expect(await readFirstEntry(file, 100)).toEqual({ entry: { name: 'manifest.json', size: 7 }, bytes: Buffer.from('{"a":1}') });
    const listed = spawnSync('tar', ['tvf', file], { encoding: 'utf8' });
    if (!listed.error) expect(listed.stdout).toMatch(/1500123 .* database\.pgdump/);
    // Readable by its owner only, and so is what `tar xf` takes out of it.
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    if (!listed.error) expect(listed.stdout.split('\n').filter(Boolean).every((line) => line.startsWith('-rw------- '))).toBe(true);
  });

  it('refuses what is not a tar, or is cut short', async () => {
    await writeFile(path.join(dir, 'not.tar'), Buffer.alloc(2048, 1));
    await expect(readArchive(path.join(dir, 'not.tar'), () => undefined)).rejects.toThrow('not a tar archive');
    await expect(readFirstEntry(path.join(dir, 'not.tar'), 100)).rejects.toThrow('not a tar archive');
    const file = path.join(dir, 'short.tar');
    await writeArchive(file, [{ name: 'x', data: Buffer.alloc(5000, 1) }]);
    await truncate(file, 3000);
    await expect(readArchive(file, () => undefined)).rejects.toThrow('cut short');
  });

  it("reads a backup written before tar-stream, by the app's own ustar writer", async () => {
    // Made by that writer (server/admin/archive.ts until 2026-11-29): a manifest, a dump and a photo.
    const old = path.join(import.meta.dirname, 'fixtures', 'backup-old-writer.tar');
    const photos = path.join(dir, 'old-photos');
    await mkdir(photos);
    const contents = await unpackBackup(old, path.join(dir, 'old-dump'), photos);
    expect(contents).toEqual({ manifest: expect.objectContaining({ format: 'tutoring-marketplace-backup', version: 1, database: 'pglite', photos: 1 }), photos: ['12.jpg'] });
    expect(await readFile(path.join(dir, 'old-dump'))).toEqual(Buffer.alloc(1500, 7));
    expect(await readFile(path.join(photos, '12.jpg'), 'utf8')).toBe('another photo');
  });
});

describe('the passphrase prompt', () => {
  /** A terminal: what is typed arrives as data events; what is shown is kept. */
  function terminal() {
    const keys = new EventEmitter();
    const state = { raw: false, shown: '' };
    const input: KeyInput = {
      setRawMode: (raw) => (state.raw = raw),
      setEncoding: () => {},
      on: (event, listener) => keys.on(event, listener),
      off: (event, listener) => keys.off(event, listener),
      resume: () => {},
      pause: () => {},
    };
    const output = { write: (text: string) => (state.shown += text) };
    return { input, output, state, type: (text: string) => keys.emit('data', text), listening: () => keys.listenerCount('data') };
  }

  it('reads a line without showing it (backspace, Ctrl-U and arrow keys as a terminal has them), then gives the terminal back', async () => {
    const t = terminal();
    const answer = askHidden('Passphrase: ', t.input, t.output);
    expect(t.state.raw).toBe(true);
    t.type('not this');
    t.type('\u0015');
    t.type('secret phrasx\u007fe');
    t.type('\u001b[D');
    t.type(' ✓\r');
    await expect(answer).resolves.toBe('secret phrase ✓');
    expect(t.state).toEqual({ raw: false, shown: 'Passphrase: \n' });
    expect(t.listening()).toBe(0);
  });

  it.each([
    ['Ctrl-C', 'half\u0003'],
    ['Ctrl-D on an empty line', '\u0004'],
  ])('gives up at %s, in one line', async (_name, keys) => {
    const t = terminal();
    const answer = askHidden('Passphrase: ', t.input, t.output);
    t.type(keys);
    await expect(answer).rejects.toThrow(/^no passphrase typed: nothing done$/);
    expect(t.state.raw).toBe(false);
    expect(t.listening()).toBe(0);
  });
});
