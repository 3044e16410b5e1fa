import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { site } from '../../src/config/site.ts';
import { addSupervisor, validateSupervisor } from '../../server/admin/add-supervisor.ts';
import { listStaff, staffTable } from '../../server/admin/list-staff.ts';
import { missingSupervisorHint } from '../../server/admin/supervisor-hint.ts';
import { call, describeApi } from './harness.ts';

const staff = (local: string) => `${local}@${site.staffEmailDomain}`;

describeApi(
  'npm run admin: add-supervisor and list-staff',
  (ctx) => {
    it('says at a production start on a database without a supervisor how to add one, never in demo mode', async () => {
      const { db } = ctx().database;
      expect(await missingSupervisorHint(db, 'production')).toMatch(/^No supervisor yet: add one with `npm run admin -- add-supervisor --email .+ --name .+ --phone .+`/);
      expect(await missingSupervisorHint(db, 'demo')).toBeUndefined();
    });

    it('adds a supervisor to an empty database, again without change, and that person can then sign in as a tutor', async () => {
      const { db } = ctx().database;
      const email = staff('first.boss');
      const asked = () => call(ctx().client(), `/api/login?user_type=tutor&email=${encodeURIComponent(email)}`, { method: 'POST' });
      expect((await asked()).body.error?.type).toBe('UserNotFound');

      const input = { email: ` ${email.toUpperCase()} `, name: ' Morgan Lee ', phone: '(206) 555-0177' };
      const added = await addSupervisor(db, input);
      expect(added.outcome).toBe('added');
      expect(await addSupervisor(db, input)).toEqual({ outcome: 'already supervisor', id: added.id });
      const rows = await db.selectFrom('tutors').select(['id', 'name', 'email', 'phone', 'role']).execute();
      expect(rows).toEqual([{ id: added.id, name: 'Morgan Lee', email, phone: '2065550177', role: 'Supervisor' }]);

      expect((await asked()).body).toEqual({ status: 'success' });
      expect(await missingSupervisorHint(db, 'production')).toBeUndefined();
    });

    it('makes an existing tutor, archived or not, a supervisor, keeping their name and phone', async () => {
      const { db } = ctx().database;
      const tutors = await db
        .insertInto('tutors')
        .values([
          { name: 'Tess Tutor', email: staff('tess'), phone: '2065550181', role: 'Tutor' },
          { name: 'Arch Ived', email: staff('arch'), phone: '2065550182', role: 'Archived' },
        ])
        .returning(['id', 'email'])
        .execute();
      for (const tutor of tutors) {
        expect(await addSupervisor(db, { email: tutor.email, name: 'Other Name', phone: '2065550199' })).toEqual({ outcome: 'made supervisor', id: tutor.id });
      }
      expect(await db.selectFrom('tutors').select(['name', 'phone', 'role']).where('email', '=', staff('arch')).executeTakeFirst()).toEqual({
        name: 'Arch Ived',
        phone: '2065550182',
        role: 'Supervisor',
      });
      // A new person with a phone that another tutor has: refused, as the create-tutor call does.
      await expect(addSupervisor(db, { email: staff('new'), name: 'New', phone: '206-555-0181' })).rejects.toThrow(/^--phone: another tutor already has this phone number$/);
    });

    it('lists the staff, supervisors first', async () => {
      const { db } = ctx().database;
      await db.insertInto('tutors').values({ name: 'Aaron Archived', email: staff('aaron'), phone: '2065550183', role: 'Archived' }).execute();
      await db.insertInto('tutors').values({ name: 'Abby Tutor', email: staff('abby'), phone: '2065550184', role: 'Tutor' }).execute();
      const rows = await listStaff(db);
      expect(rows.map((row) => row.role)).toEqual(['Supervisor', 'Supervisor', 'Supervisor', 'Tutor', 'Archived']);
      const table = staffTable(rows);
      expect(table[0]).toMatch(/^id +name +email +role$/);
      expect(table).toHaveLength(rows.length + 1);
      expect(table[4]).toContain(staff('abby'));
    });
  },
  { seed: false },
);

describe('add-supervisor input, by the create-tutor call rules', () => {
  const good = { email: staff('x'), name: 'X Person', phone: '2065550100' };
  it.each([
    [{ name: '  ' }, /^--name: must not be empty$/],
    [{ name: 'n'.repeat(101) }, /^--name: must be at most 100 characters$/],
    [{ email: 'not-an-email' }, /^--email: must be an email address/],
    [{ email: 'someone@example.com' }, new RegExp(`^--email: must be on @${site.staffEmailDomain}, the staff domain`)],
    [{ email: `someone@${site.staffEmailDomain}.example.org` }, /^--email: must be on @/],
    [{ phone: '555-0100' }, /^--phone: must be 10 digits/],
    [{ phone: '206555010x' }, /^--phone: must be 10 digits/],
  ])('refuses %o naming the field', (change, message) => {
    expect(() => validateSupervisor({ ...good, ...change })).toThrow(message);
  });
});

/** Runs `npm run admin` as the operator would (node scripts/admin.ts), with these settings only. */
function runAdmin(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...rest } = process.env;
  const child = spawn(process.execPath, ['scripts/admin.ts', ...args], { env: { ...rest, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

// Each process starts Node and loads the server's modules: about half a second, more on a busy machine.
describe('npm run admin as a process', { timeout: 60_000 }, () => {
  let dataDir = '';
  /** PostgreSQL (a database of its own) when the suite has one, else PGlite in dataDir. */
  let env: Record<string, string> = {};
  let dropDatabase = async () => {};

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tutoring-admin-'));
    env = { DATA_DIR: dataDir };
    if (process.env.TEST_DATABASE_URL) {
      const name = `test_admin_${randomBytes(5).toString('hex')}`;
      const server = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await server.connect();
      await server.query(`create database ${name}`);
      await server.end();
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.href;
      dropDatabase = async () => {
        const again = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await again.connect();
        await again.query(`drop database if exists ${name} with (force)`);
        await again.end();
      };
    } else {
      // A migrated PGlite (the suite's snapshot): creating one from nothing takes seconds.
      const pglite = await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir: new Blob([await readFile(inject('pgliteSnapshot'))]) });
      await pglite.close();
    }
  });

  afterAll(async () => {
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists its commands for help and for no command at all', async () => {
    for (const { code, stdout, stderr } of await Promise.all([runAdmin(['help'], env), runAdmin([], env)])) {
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      for (const command of ['add-supervisor --email E --name N --phone P', 'list-staff', 'backup FILE [--encrypt]', 'restore FILE [--force] [--photos-dir DIR]', 'help']) {
        expect(stdout).toMatch(new RegExp(`^  ${command.replace(/[[\]]/g, '\\$&')} +\\S`, 'm'));
      }
    }
  });

  it('answers a usage mistake with one line and exit code 2, bad input with one line naming the field and 1', async () => {
    const cases: [string[], number, RegExp][] = [
      [['promote'], 2, /^unknown command 'promote'/],
      [['list-staff', '--all'], 2, /^unknown flag --all; usage: npm run admin -- list-staff$/],
      [['add-supervisor', '--email', staff('a'), '--name', 'A'], 2, /^--phone is required/],
      [['add-supervisor', '--email', staff('a'), '--name', 'A', '--phone', '555-0100'], 1, /^--phone: must be 10 digits/],
      [['add-supervisor', '--email=a@example.com', '--name=A', '--phone=2065550100'], 1, /^--email: must be on @/],
      [['restore'], 2, /^missing FILE/],
    ];
    const results = await Promise.all(cases.map(([args]) => runAdmin(args, env)));
    results.forEach(({ code, stdout, stderr }, i) => {
      const [, expected, message] = cases[i]!;
      expect({ code, stdout }).toEqual({ code: expected, stdout: '' });
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(stderr.trimEnd()).toMatch(message);
    });
  });

  it('adds a supervisor on the configured database, and exits 0 when run again', async () => {
    const args = ['add-supervisor', '--email', staff('cli.boss'), '--name', 'Cli Boss', '--phone', '206 555 0166'];
    const first = await runAdmin(args, env);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toMatch(new RegExp(`^added: ${staff('cli.boss')} \\(tutor #\\d+\\)\\n$`));
    const second = await runAdmin(args, env);
    expect(second).toMatchObject({ code: 0, stderr: '' });
    expect(second.stdout).toMatch(/^already supervisor: /);
  });
});
