import { rmSync } from 'node:fs';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../server/start/database.ts';
import { seedLargeDataSet } from '../../server/demo/large-data.ts';
import { seedDemoData } from '../../server/demo/seed.ts';
import { startSignIn } from '../../server/domain/sign-in/sign-ins.ts';
import type { Buyer } from './load.ts';

export type DatabaseKind = 'pglite' | 'postgres';
export type DataSet = 'small' | 'large';

/** The PostgreSQL server the benchmark makes its own databases on (`bench_small`, `bench_large`). */
export const POSTGRES_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh, empty PostgreSQL database for the benchmark, on the admin URL's server. */
async function freshPostgresDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The course only the write benchmark books, so its meetings change none of the reads measured. */
const BENCH_COURSE = { course_number: 'BENCH 100', course_name: 'Benchmark bookings', school: 'university' } as const;

/**
 * `count` customers, each signed in (a sign-in cookie), with 10 hours of a package, and given a
 * one-off meeting of its own in the benchmark's course, 60 days ahead, spread over the tutors.
 */
async function prepareBuyers(db: DatabaseHandle['db'], count: number): Promise<Buyer[]> {
  const course = await db.insertInto('courses').values(BENCH_COURSE).returning('id').executeTakeFirstOrThrow();
  const tutors = await db.selectFrom('tutors').select('id').where('role', '!=', 'Archived').orderBy('id').limit(50).execute();
  const offerings = await db
    .insertInto('offerings')
    .values(tutors.map((t) => ({ tutor_id: t.id, course_id: course.id, qualification: 'Benchmark' })))
    .returning(['id', 'tutor_id'])
    .execute();
  const start = Date.now() + 60 * 24 * 3600_000;
  const buyers: Buyer[] = [];
  for (let batch = 0; batch < count; batch += 500) {
    const size = Math.min(500, count - batch);
    const customers = await db
      .insertInto('customers')
      .values(Array.from({ length: size }, (_, i) => ({ firstname: 'Bench', lastname: `Buyer ${batch + i}`, email: `bench.buyer${batch + i}@example.com`, phone: `5${String(batch + i).padStart(9, '0')}` })))
      .returning('id')
      .execute();
    const meetings = await db
      .insertInto('meetings')
      .values(
        customers.map((_, i) => {
          const n = batch + i;
          return { tutor_id: offerings[n % offerings.length]!.tutor_id, occurrence: new Date(start + Math.floor(n / offerings.length) * 3600_000) };
        }),
      )
      .returning(['id', 'tutor_id'])
      .execute();
    // Each buyer has 10 one-on-one hours (the hour bookings' run spends one), as staff would add them.
    const lots = await db
      .insertInto('credit_lots')
      .values(customers.map((c) => ({ customer_id: c.id, capacity: 1, paid_hours: 10, bonus_hours: 0, price_cents: 50000, expires_at: new Date(start + 365 * 24 * 3600_000), created_at: new Date() })))
      .returning(['id', 'customer_id'])
      .execute();
    await db
      .insertInto('credit_entries')
      .values(lots.map((lot) => ({ customer_id: lot.customer_id, lot_id: lot.id, kind: 'adjustment' as const, hours: 10, reason: 'Benchmark', created_at: new Date() })))
      .execute();
    for (const [i, customer] of customers.entries()) {
      const meeting = meetings[i]!;
      const secret = await startSignIn(db, { customerId: customer.id });
      buyers.push({ cookie: `sid=${secret}`, meeting: meeting.id, offering: offerings.find((o) => o.tutor_id === meeting.tutor_id)!.id });
    }
  }
  return buyers;
}

export interface PreparedTarget {
  /** The server's settings for this database. */
  env: Record<string, string>;
  buyers: Buyer[];
  /** The course whose availability is read: one of the large set's (about 20 tutors), or CS 121 of the demo. */
  readCourse: number | undefined;
  seeded: string;
}

/**
 * A database for one run of the server: migrated, with the demo data, and for `large` the large
 * data set (server/demo/large-data.ts) on top; plus the write benchmark's buyers. Done before
 * the server starts, since PGlite's files belong to one process at a time.
 */
export async function prepareTarget(kind: DatabaseKind, dataSet: DataSet, buyerCount: number): Promise<PreparedTarget> {
  const started = performance.now();
  let env: Record<string, string>;
  let handle: DatabaseHandle;
  if (kind === 'pglite') {
    const dataDir = `.data/bench-${dataSet}`;
    rmSync(dataDir, { recursive: true, force: true });
    env = { DATA_DIR: dataDir };
    handle = await openDatabase({ dataDir: `${dataDir}/pglite` });
  } else {
    const url = await freshPostgresDatabase(`bench_${dataSet}`);
    env = { DATABASE_URL: url, DATA_DIR: `.data/bench-pg-${dataSet}` };
    handle = await openDatabase({ databaseUrl: url });
  }
  try {
    await seedDemoData(handle.db);
    const large = dataSet === 'large' ? await seedLargeDataSet(handle.db) : undefined;
    const buyers = await prepareBuyers(handle.db, buyerCount);
    const what = large ? `demo + ${large.tutors} tutors, ${large.courseIds.length} courses, ${large.slots} weekly slots, ${large.meetings} meetings` : 'demo data';
    return { env, buyers, readCourse: large?.courseIds[0], seeded: `${what}, ${((performance.now() - started) / 1000).toFixed(1)} s to seed` };
  } finally {
    await handle.close();
  }
}
