/**
 * Messages, wired to the job queue: the delivery jobs (delivery.ts) and the scheduled ones that come
 * from time rather than from a change (reminders and the tutors' evening digest, reminders.ts).
 *
 * What starts the messages of a change is its event: the events table's insert trigger NOTIFYs at
 * commit, every instance hears it through the change feed (server/cache/change-feed.ts), and each
 * sends the relay's wake-up job (at most one waits). No request path and no scan of the domain's
 * tables is involved; a feed that reconnects sends one too, for what it may have missed.
 */
import type { JobContext, JobKind, JobRunner } from '../jobs/runner.ts';
import { deliveryJobs, type DeliveryServices, SEND_MESSAGE, TELL_EVENTS } from './delivery.ts';
import { planReminders, planSummaryDigests } from './reminders.ts';

export const TIME_DRIVEN = 'send reminders and digests';

/** Where the tables each commit wrote are heard of (the caches' change feed: server/cache/data-changes.ts), 'all' after a gap. */
export interface WritesHeard {
  listen(listener: (tables: string[] | 'all') => void): void;
}

export interface Messenger {
  /** The job kinds to start the runner with. */
  readonly jobs: JobKind[];
  /** Starts hearing of events: from now on each commit that records one wakes the relay. */
  attach(runner: JobRunner, changes: WritesHeard): void;
  /** Resolves once the events committed so far are told and their messages sent (tests, shutdown). */
  settle(): Promise<void>;
  /** The scheduled job's run (reminders, digests) now, then settle: the demo clock and tests. */
  runAll(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createMessenger(services: DeliveryServices): Messenger {
  const { db, siteUrl, log } = services;
  let runner: JobRunner | undefined;
  const wake = () => {
    runner?.send(TELL_EVENTS, {}, { singletonKey: 'wake' }).catch((error: unknown) => log(`messages: the relay's wake-up not sent (its start-up run tells the events): ${error instanceof Error ? error.message : String(error)}`));
  };
  const timeDriven = async (jobs: JobContext) => {
    await planReminders(db, jobs, siteUrl);
    await planSummaryDigests(db, jobs, siteUrl);
  };
  const messenger: Messenger = {
    jobs: [
      ...deliveryJobs(services),
      { name: TIME_DRIVEN, everyMs: 60_000, run: (_data, jobs) => timeDriven(jobs) },
    ],
    attach(attached, changes) {
      runner = attached;
      changes.listen((tables) => {
        if (tables === 'all' || tables.some((table) => table === 'events' || table.endsWith('.events'))) wake();
      });
    },
    async settle() {
      if (!runner) return;
      await runner.send(TELL_EVENTS, {}, { singletonKey: 'wake' });
      while (!(await runner.idle([TELL_EVENTS, SEND_MESSAGE]))) await pause(25);
    },
    async runAll() {
      if (!runner) return;
      await timeDriven(runner);
      await messenger.settle();
    },
  };
  return messenger;
}
