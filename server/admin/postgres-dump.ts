import { once } from 'node:events';
import { databaseContents } from './contents.ts';
import { withClient } from './postgres-client.ts';
import { findPgTool, startTool, toolVersion } from './postgres-tools.ts';

/** pg_dump's custom format of the whole database into `file`; answers what to record about it. */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<{ serverVersion: string; dumpedBy: string }> {
  const serverVersion = await withClient(databaseUrl, async (query) => String((await query('select version() as v'))[0]?.v ?? ''));
  await startTool('pg_dump', ['--format=custom', `--file=${file}`], databaseUrl, ['ignore', 'ignore', 'pipe']).done;
  return { serverVersion, dumpedBy: await toolVersion('pg_dump') };
}

/**
 * What a restore would replace (databaseContents), and how many others are connected. A client
 * that has just disconnected stays listed for a moment, so a count above 0 is looked at again a
 * few times within a second.
 */
export async function postgresState(databaseUrl: string): Promise<{ contents: string | undefined; otherConnections: number }> {
  return withClient(databaseUrl, async (query) => {
    const others = async () =>
      Number(
        (await query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`))[0]?.n ?? 0,
      );
    let otherConnections = await others();
    for (let attempt = 1; attempt <= 4 && otherConnections > 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      otherConnections = await others();
    }
    return { contents: await databaseContents(query), otherConnections };
  });
}

/**
 * Empties the database: every schema but PostgreSQL's own is dropped, and everything in `public`
 * (the schema itself stays, with its owner and grants, which are the database's). Extensions'
 * members are left to their extensions.
 */
const EMPTY_DATABASE = `
do $$
declare item record;
begin
  for item in select nspname from pg_namespace where nspname <> 'public' and nspname <> 'information_schema' and nspname not like 'pg\\_%' loop
    execute format('drop schema %I cascade', item.nspname);
  end loop;
  for item in
    select c.relname, c.relkind from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      -- a column's own sequence (identity, serial) goes with its table
      and not (c.relkind = 'S' and exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i')))
    order by c.relkind in ('v', 'm'), c.relkind = 'S'
  loop
    execute format(
      case item.relkind when 'v' then 'drop view if exists public.%I cascade' when 'm' then 'drop materialized view if exists public.%I cascade'
        when 'S' then 'drop sequence if exists public.%I cascade' when 'f' then 'drop foreign table if exists public.%I cascade'
        else 'drop table if exists public.%I cascade' end,
      item.relname);
  end loop;
  for item in
    select p.oid::regprocedure::text as signature from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p', 'w')
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
  loop
    execute format('drop routine if exists %s cascade', item.signature);
  end loop;
  for item in
    select t.typname from pg_type t
    left join pg_class r on r.oid = t.typrelid
    where t.typnamespace = 'public'::regnamespace and (t.typtype in ('e', 'd', 'r', 'm') or (t.typtype = 'c' and r.relkind = 'c'))
  loop
    execute format('drop type if exists public.%I cascade', item.typname);
  end loop;
end $$;
`;

/**
 * Restores a pg_dump file in one transaction, so that a failure halfway leaves the database as it
 * was: pg_restore writes the dump as SQL, which psql runs between our BEGIN and a COMMIT sent only
 * once pg_restore has finished well. With `replace`, the database is emptied first, in the same
 * transaction. Objects are owned by the restoring user (`--no-owner`).
 */
export async function restorePostgres(databaseUrl: string, dumpFile: string, options: { replace: boolean }): Promise<void> {
  // Both found before either starts: a psql waiting for input that never comes would hold us.
  findPgTool('psql');
  findPgTool('pg_restore');
  const psql = startTool('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--file=-'], databaseUrl, ['pipe', 'ignore', 'pipe']);
  const restore = startTool('pg_restore', ['--no-owner', '--file=-', dumpFile], undefined, ['ignore', 'pipe', 'pipe']);
  const input = psql.child.stdin!;
  // psql stopping at an error closes its input: what is still on its way there goes nowhere, and
  // pg_restore, whose output nobody reads any more, is stopped.
  input.on('error', () => {});
  let psqlFailure: unknown;
  const psqlDone = psql.done.catch((error: unknown) => {
    psqlFailure = error;
    restore.child.kill();
  });
  input.write(`begin;\n${options.replace ? EMPTY_DATABASE : ''}\n`);
  restore.child.stdout!.pipe(input, { end: false });
  try {
    await restore.done;
  } catch (error) {
    // No COMMIT: psql ends with the transaction open, which PostgreSQL rolls back.
    input.end();
    await psqlDone;
    throw psqlFailure ?? error;
  }
  if (!restore.child.stdout!.readableEnded) await once(restore.child.stdout!, 'end');
  input.end('\ncommit;\n');
  await psqlDone;
  if (psqlFailure) throw psqlFailure;
}
