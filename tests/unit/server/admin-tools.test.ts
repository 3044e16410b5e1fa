// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractEntry, listArchive, readEntry, writeArchive } from '../../../server/admin/archive.ts';
import { parseArgs } from '../../../server/admin/args.ts';
import { backup } from '../../../server/admin/backup.ts';
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

describe('the admin command line', () => {
  const flags = { email: 'value', force: 'switch' } as const;
  it('reads --flag value, --flag=value, switches and positionals', () => {
    expect(parseArgs(['--email', 'a@b.c', 'FILE', '--force'], flags, ['FILE'])).toEqual({ flags: { email: 'a@b.c', force: true }, positionals: ['FILE'] });
    expect(parseArgs(['--email=x=y'], flags, [])).toEqual({ flags: { email: 'x=y' }, positionals: [] });
  });
  it.each([
    [['--nope'], [], 'unknown flag --nope'],
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
    const entries = await listArchive(file);
    expect(entries.map((e) => [e.name, e.size])).toEqual([
      ['manifest.json', 7],
      ['database.pgdump', big.length],
      ['tutor_images/1.jpg', 0],
    ]);
    expect((await readEntry(file, entries[0]!)).toString()).toBe('{"a":1}');
    await extractEntry(file, entries[1]!, path.join(dir, 'out.bin'));
    expect(Buffer.compare(await readFile(path.join(dir, 'out.bin')), big)).toBe(0);
    const listed = spawnSync('tar', ['tvf', file], { encoding: 'utf8' });
    if (!listed.error) expect(listed.stdout).toMatch(/1500123 .* database\.pgdump/);
    // Readable by its owner only, and so is what `tar xf` takes out of it.
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    if (!listed.error) expect(listed.stdout.split('\n').filter(Boolean).every((line) => line.startsWith('-rw------- '))).toBe(true);
  });

  it('refuses what is not a tar, or is cut short', async () => {
    await writeFile(path.join(dir, 'not.tar'), Buffer.alloc(2048, 1));
    await expect(listArchive(path.join(dir, 'not.tar'))).rejects.toThrow('not a tar archive');
    const file = path.join(dir, 'short.tar');
    await writeArchive(file, [{ name: 'x', data: Buffer.alloc(5000, 1) }]);
    await truncate(file, 3000);
    await expect(listArchive(file)).rejects.toThrow('cut short');
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
