import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { AdminError } from './errors.ts';

export type PgTool = 'pg_dump' | 'pg_restore' | 'psql';

/** A PostgreSQL client program: on PATH, else the newest under /usr/lib/postgresql/<major>/bin (Debian's layout). */
export function findPgTool(name: PgTool): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const major of majors) {
    const file = path.join(root, major, 'bin', name);
    if (existsSync(file)) return file;
  }
  throw new AdminError(`${name} not found: install PostgreSQL's client programs (of the server's major version or newer) or put them on PATH`);
}

/**
 * How the programs are told the database: the address without its password as `--dbname` (the
 * command line is visible to every user of the machine), the password in their environment
 * (PGPASSWORD, which only this user can read).
 */
export function pgConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv; password: string } {
  const url = new URL(databaseUrl);
  // libpq also reads a password from the query (`?password=`).
  const password = decodeURIComponent(url.password) || (url.searchParams.get('password') ?? '');
  url.password = '';
  url.searchParams.delete('password');
  const env: NodeJS.ProcessEnv = { ...process.env, PGAPPNAME: 'tutoring-admin' };
  if (password) env.PGPASSWORD = password;
  return { dbname: url.href, env, password };
}

/**
 * The line of a program's error output that says what went wrong: the first error line (the lines
 * after it are hints), without the program's prefix, never with the password in it.
 */
export function toolErrorLine(name: PgTool, stderr: string, password: string): string {
  const lines = stderr.split('\n').map((line) => line.trim()).filter(Boolean);
  const line = lines.find((l) => /\b(error|fatal)\b/i.test(l)) ?? lines.at(-1) ?? 'no message';
  const bare = line.replace(/^(pg_dump|pg_restore|psql)(:[^:]*:\d+)?:\s*/, '').replace(/^error:\s*/, '');
  return `${name} failed: ${password ? bare.replaceAll(password, '***') : bare}`;
}

/**
 * Spawns a program, connected to the database when `databaseUrl` is given; its standard error is
 * kept (bounded) for the one-line report, and `done` settles when it exits (an AdminError unless 0).
 */
export function startTool(name: PgTool, args: string[], databaseUrl: string | undefined, stdio: ['ignore' | 'pipe', 'ignore' | 'pipe', 'pipe']) {
  const connection = databaseUrl ? pgConnection(databaseUrl) : { dbname: undefined, env: process.env, password: '' };
  const child = spawn(findPgTool(name), connection.dbname ? [...args, `--dbname=${connection.dbname}`] : args, { env: connection.env, stdio });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    if (stderr.length < 64_000) stderr += text;
  });
  const done = exited(child).then((code) => {
    if (code !== 0) throw new AdminError(toolErrorLine(name, stderr, connection.password));
  });
  return { child, done };
}

/** The program's exit code (a start failure, ENOENT, is an AdminError). */
export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new AdminError(`${child.spawnfile}: ${error.message}`)));
    child.once('close', (code) => resolve(code));
  });
}

/** `pg_dump --version`'s line, recorded in the backup. */
export async function toolVersion(name: PgTool): Promise<string> {
  const child = spawn(findPgTool(name), ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
  await exited(child);
  return out.trim();
}
