/** Runs one SQL statement and answers its rows (a pg client's or a PGlite's query). */
export type RunQuery = (text: string) => Promise<Record<string, unknown>[]>;

const userRelations = `from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'`;

/** The tables whose rows say that people use the database. */
const KEY_TABLES = ['tutors', 'customers', 'courses', 'payments'] as const;

/**
 * What a restore would replace: undefined when the database has no table at all, else a short
 * description ("tutors: 3, customers: 2, …" or that it has tables without such rows).
 */
export async function databaseContents(query: RunQuery): Promise<string | undefined> {
  const [{ tables } = { tables: 0 }] = await query(`select count(*)::int as tables ${userRelations}`);
  if (Number(tables) === 0) return undefined;
  const present = new Set(
    (await query(`select c.relname ${userRelations} and n.nspname = 'public' and c.relname in (${KEY_TABLES.map((t) => `'${t}'`).join(', ')})`)).map((row) => String(row.relname)),
  );
  const counts: string[] = [];
  for (const table of KEY_TABLES) {
    if (!present.has(table)) continue;
    const [{ rows } = { rows: 0 }] = await query(`select count(*)::int as rows from public.${table}`);
    if (Number(rows) > 0) counts.push(`${table}: ${rows}`);
  }
  return counts.length > 0 ? counts.join(', ') : `tables: ${tables}, none of them with ${KEY_TABLES.join(', ')}`;
}
