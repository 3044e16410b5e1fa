import { afterAll, expect, it } from 'vitest';
import { type JobRunner, cronEvery, startJobRunner } from '../../server/jobs/runner.ts';
import { describeApi } from './harness.ts';

/** Waits until `done()` holds, polling; fails after `ms`. */
async function until(done: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out waiting for the jobs');
    await new Promise((resolve) => setTimeout(resolve, 100));
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
    afterAll(async () => {
      for (const runner of started) await runner.stop(1000).catch(() => {});
      // The job store's schema (`{schema}_jobs`) shares this run's prefix: it is dropped with the rest (global-setup.ts).
    });

    it('two runners over one database run each job once', async () => {
      const seen: { runner: string; n: number }[] = [];
      const kind = (runner: string) => ({
        name: 'count once',
        run: async (data: object) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          seen.push({ runner, n: (data as { n: number }).n });
        },
      });
      const a = await start(ctx().database.jobStore, [kind('a')]);
      await start(ctx().database.jobStore, [kind('b')]);
      for (let n = 0; n < 12; n++) await a.send('count once', { n });
      await until(() => seen.length >= 12);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(seen.map((s) => s.n).sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
    });

    it('a kind marked runAtStart runs once when the runner starts, before its first scheduled time', async () => {
      const ran: string[] = [];
      // Hourly: its cron time is not due within the test.
      await start(ctx().database.jobStore, [{ name: 'at start', everyMs: 60 * 60_000, runAtStart: true, run: async () => void ran.push('ran') }], { schedule: true });
      await until(() => ran.length >= 1, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
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
      await runner.send('fails once');
      await until(() => tries >= 2);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(tries).toBe(2);
    });
  },
  { seed: false },
);
