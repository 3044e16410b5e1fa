/**
 * Due work that recurs: each task is run as a scheduled job through the job queue
 * (server/jobs/runner.ts, decision 006), enqueued once per period across every server instance
 * and claimed by one of them. A task must be idempotent (a job can run again after a crash, and
 * the demo clock runs the tasks outside the queue); a failing one is logged and retried by the queue.
 */
export interface PeriodicTask {
  /** Names the job's queue (spaces become dashes). */
  name: string;
  /** The period: whole minutes dividing an hour, or whole hours dividing a day (a cron line). */
  everyMs: number;
  /** Also run once at start (through the queue): recovery work that should not wait a whole period. */
  runAtStart?: boolean;
  run: () => Promise<void>;
}
