import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { type JobRunner, bossSchema, cronEvery, startJobRunner } from '../../server/jobs/runner.ts';
import { describeApi } from './harness.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds, polling; fails after `ms`. */
async function until(done: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out waiting for the jobs');
    await sleep(50);
  }
}

it('turns a period into a cron line, and refuses one cron cannot keep', () => {
  expect(cronEvery(60_000)).toBe('* * * * *');
  expect(cronEvery(5 * 60_000)).toBe('*/5 * * * *');
  expect(cronEvery(60 * 60_000)).toBe('0 * * * *');
  expect(cronEvery(6 * 60 * 60_000)).toBe('0 */6 * * *');
  expect(() => cronEvery(7 * 60_000)).toThrow();
});

describeApi(
  'the job runner',
  (ctx) => {
    const started: JobRunner[] = [];
    const start = async (...args: Parameters<typeof startJobRunner>) => {
      const runner = await startJobRunner(args[0], args[1], { log: () => {}, pollingSeconds: 0.5, schedule: false, ...args[2] });
      started.push(runner);
      return runner;
    };
    /** The state pg-boss keeps for these jobs ('created', 'retry', 'active', 'completed', 'failed'…). */
    const jobStates = async (ids: (string | null)[]) => {
      const schema = bossSchema(ctx().database.jobStore);
      const { rows } = await sql<{ state: string }>`select state from ${sql.id(schema)}.job where id in (${sql.join(ids)})`.execute(ctx().database.db);
      return rows.map((row) => row.state);
    };
    /** Whether every one of these jobs has run to its end, with nothing left to retry. */
    const allCompleted = async (ids: (string | null)[]) => {
      const states = await jobStates(ids);
      return states.length === ids.length && states.every((state) => state === 'completed');
    };
    afterAll(async () => {
      for (const runner of started) await runner.stop(1000).catch(() => {});
      // The job store's schema (`{schema}_jobs`) shares this run's prefix: it is dropped with the rest (global-setup.ts).
    });

    it('two runners over one database run each job once', async () => {
      const seen: { runner: string; n: number }[] = [];
      const kind = (runner: string) => ({
        name: 'count once',
        run: async (data: object) => {
          await sleep(20);
          seen.push({ runner, n: (data as { n: number }).n });
        },
      });
      const a = await start(ctx().database.jobStore, [kind('a')]);
      await start(ctx().database.jobStore, [kind('b')]);
      const ids: (string | null)[] = [];
      for (let n = 0; n < 12; n++) ids.push(await a.send('count once', { n }));
      await until(() => new Set(seen.map((s) => s.n)).size === 12);
      await until(() => allCompleted(ids));
      // A second run of a job would be one fetched with it, by the other runner at its poll: it
      // would be seen within a job's time of the first.
      await sleep(500);
      expect(seen.map((s) => s.n).sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
    });

    it('a kind marked runAtStart runs once when the runner starts, before its first scheduled time', async () => {
      const ran: string[] = [];
      // Hourly: its cron time is not due within the test.
      await start(ctx().database.jobStore, [{ name: 'at start', everyMs: 60 * 60_000, runAtStart: true, run: async () => void ran.push('ran') }], { schedule: true });
      await until(() => ran.length >= 1, 10_000);
      await sleep(1000);
      expect(ran).toEqual(['ran']);
    });

    it('a job queued before a restart is run by the next runner over the same database', async () => {
      const ran: number[] = [];
      const first = await start(ctx().database.jobStore, [{ name: 'after restart', run: async () => void ran.push(1) }]);
      await first.send('after restart', { n: 1 }, { startAfterSeconds: 2 });
      await first.stop(1000);
      expect(ran).toEqual([]);
      await start(ctx().database.jobStore, [{ name: 'after restart', run: async () => void ran.push(2) }]);
      await until(() => ran.length > 0);
      expect(ran).toEqual([2]);
    });

    it('retries a job that failed', async () => {
      let tries = 0;
      const runner = await start(ctx().database.jobStore, [
        {
          name: 'fails once',
          retryDelaySeconds: 1,
          run: async () => {
            tries += 1;
            if (tries === 1) throw new Error('provider unavailable');
          },
        },
      ]);
      const id = await runner.send('fails once');
      await until(() => tries >= 2);
      // Completed: pg-boss keeps no further try of it.
      await until(() => allCompleted([id]));
      expect(tries).toBe(2);
    });
  },
  { seed: false },
);
