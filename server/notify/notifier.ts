/**
 * Runs the planner and the delivery: after each change the API made (kick), and from the job runner
 * every minute (for changes the jobs and webhooks made, retries, and whatever a crash left). One run
 * at a time per instance; a kick during a run asks for one more run after it. Across instances the
 * planner's row locks and the queue's claims keep each message single.
 *
 * A kicked run starts BATCH_MS after the kick, and the next one at least BATCH_MS after the last:
 * under a burst of bookings, one run plans the messages of all that came in meanwhile instead of
 * one run per booking competing with the bookings for the database. A message waits 0.2 s more.
 *
 * The periodic job's pass (runAll: reminders and digests too) is one more pass of the run under
 * way, if there is one, not a run after it: under a steady stream of changes a kicked run never
 * ends, and waiting for its end held the job, and the demo clock's move, for as long as the stream
 * lasted (found by npm run test:chaos: 27 s).
 */
import type { Db } from '../db/connection.ts';
import { planChangeMessages, planReminders, planSummaryDigests } from './planner.ts';
import { deliverDue } from './queue.ts';
import type { Sender } from './sender.ts';

export interface Notifier {
  /** Plans and delivers soon, in the background (a request does not wait for mail). */
  kick(): void;
  /** Resolves once no run is going on or asked for (tests, shutdown). */
  settle(): Promise<void>;
  /** Plans the time-driven messages too (reminders, digests), then delivers: the periodic job. */
  runAll(): Promise<void>;
}

/** How long a kicked run waits for more changes to plan with it. */
const BATCH_MS = 200;

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, BATCH_MS));

export function createNotifier({ db, sender, siteUrl, log }: { db: Db; sender: Sender; siteUrl: string; log: (line: string) => void }): Notifier {
  let running: Promise<void> | null = null;
  /** A kicked run waiting out its batch window. */
  let waiting: Promise<void> | null = null;
  let again = false;
  /** Callers of runAll waiting for a pass with the time-driven messages that has not started yet. */
  let timeDrivenAsked: (() => void)[] = [];

  async function planAndDeliver(timeDriven: boolean) {
    await planChangeMessages(db, siteUrl);
    if (timeDriven) {
      await planReminders(db, siteUrl);
      await planSummaryDigests(db, siteUrl);
    }
    await deliverDue(db, sender, log);
  }

  function start(): Promise<void> {
    const run = (async () => {
      try {
        do {
          again = false;
          // The time-driven pass asked for so far is this one, so that runAll is answered by the run
          // under way rather than after it, which kicks keep going while changes keep coming.
          const asked = timeDrivenAsked;
          timeDrivenAsked = [];
          try {
            await planAndDeliver(asked.length > 0);
          } finally {
            for (const done of asked) done();
          }
          if (again) await pause();
        } while (again);
      } catch (error) {
        log(`messages: ${error instanceof Error ? error.message : String(error)} (tried again by the next run)`);
      } finally {
        running = null;
        // A change made during a run that failed still owes its messages: one more run for it.
        if (again) {
          again = false;
          kick();
        }
      }
    })();
    running = run;
    return run;
  }

  function kick() {
    if (running) again = true;
    else if (!waiting) {
      waiting = pause().then(() => {
        waiting = null;
        if (running) again = true;
        else void start();
      });
    }
  }

  return {
    kick,
    async settle() {
      while (waiting || running) await (waiting ?? running);
    },
    runAll() {
      const done = new Promise<void>((resolve) => timeDrivenAsked.push(resolve));
      // The run under way makes one more pass, with the time-driven messages; a kicked run waiting
      // out its batch window takes it when it starts.
      if (running) again = true;
      else if (!waiting) void start();
      return done;
    },
  };
}
