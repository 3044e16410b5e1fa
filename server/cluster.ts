/**
 * Several server processes on one port (WORKERS=n with DATABASE_URL, decision 009), with Node's
 * `node:cluster`: the primary process forks n workers, each a whole server (API, site, job runner)
 * over the shared PostgreSQL; the primary accepts the connections and hands them to the workers in
 * turn. The primary serves nothing itself: it starts the workers, starts a new one when one dies
 * (after a back-off), stops them all on SIGTERM or SIGINT, and relays the demo clock.
 *
 * Everything the workers must agree on is in the database (sign-ins, rate limits, holds, jobs,
 * sign-in codes, messages), except the demo clock's offset (server/clock.ts), which lives in each
 * process: a worker tells the primary of each move, the primary sets every worker's clock to the
 * result and answers the worker once they all acknowledged.
 */
import cluster, { type Worker } from 'node:cluster';
import { applyClockMove, type ClockMove, clockOffsetMs, onClockMove } from './clock.ts';

/** From a worker to the primary. */
type WorkerMessage =
  | { cluster: 'hello' }
  | { cluster: 'clock-move'; id: number; move: ClockMove }
  | { cluster: 'clock-ack'; seq: number };

/** From the primary to a worker. */
type PrimaryMessage =
  | { cluster: 'clock-set'; seq: number; offsetMs: number }
  | { cluster: 'clock-moved'; id: number }
  | { cluster: 'shutdown'; signal: string };

const isMessage = <T extends { cluster: string }>(value: unknown): value is T =>
  typeof value === 'object' && value !== null && typeof (value as { cluster?: unknown }).cluster === 'string';

/** The first restart waits this long, each quick failure after it twice as long, up to the cap. */
export const RESTART_BACKOFF_MS = { first: 1_000, max: 30_000 };
/** A worker that ran this long was healthy: the back-off starts over. */
const HEALTHY_AFTER_MS = 60_000;
/** Workers that take longer than this to acknowledge a clock move are not waited for. */
const CLOCK_ACK_TIMEOUT_MS = 5_000;

/** The wait before restarting after `failures` failures in a row (1, 2, 4 … 30 s). */
export function restartDelayMs(failures: number): number {
  return Math.min(RESTART_BACKOFF_MS.max, RESTART_BACKOFF_MS.first * 2 ** Math.max(0, failures - 1));
}

export interface PrimaryOptions {
  workers: number;
  log: (line: string) => void;
  /** Once every worker listens, the first time (the start-up banner). */
  onReady: () => void;
  /** How long a stop waits for the workers (their own drain included) before it kills them. */
  stopTimeoutMs: number;
}

function describeExit(code: number | null, signal: string | null): string {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

/**
 * The primary process: forks the workers and looks after them until a signal stops them all. The
 * process exits 0 once every worker stopped cleanly after a SIGTERM or SIGINT, 1 otherwise (a
 * worker that fails before all of them ever listened, e.g. the port is taken, stops the start).
 */
export function runPrimary({ workers, log, onReady, stopTimeoutMs }: PrimaryOptions): void {
  let ready = false;
  let stopping = false;
  let stopFailed = false;
  let failuresInARow = 0;
  const startedAt = new Map<number, number>();
  const listening = new Set<number>();
  const restarts = new Set<NodeJS.Timeout>();

  // A worker that exited can still be listed until its channel closes.
  const live = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());

  function fork() {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  }

  // Clock moves: each is applied to the primary's own offset (the truth), which is then sent to
  // every worker; the worker that moved it hears back once all have set it.
  let seq = 0;
  const waits = new Map<number, { pending: Set<number>; done: () => void }>();
  function acknowledged(seqNumber: number, workerId: number) {
    const wait = waits.get(seqNumber);
    if (!wait) return;
    wait.pending.delete(workerId);
    if (wait.pending.size === 0) wait.done();
  }
  function broadcastClock(then: () => void) {
    seq += 1;
    const current = seq;
    const offsetMs = clockOffsetMs();
    const targets = live().filter((worker) => worker.isConnected());
    const timer = setTimeout(() => {
      log(`demo clock: worker(s) ${[...(waits.get(current)?.pending ?? [])].join(', ')} did not acknowledge the move in time`);
      done();
    }, CLOCK_ACK_TIMEOUT_MS);
    function done() {
      clearTimeout(timer);
      waits.delete(current);
      then();
    }
    waits.set(current, { pending: new Set(targets.map((worker) => worker.id)), done });
    if (targets.length === 0) return done();
    for (const worker of targets) worker.send({ cluster: 'clock-set', seq: current, offsetMs } satisfies PrimaryMessage);
  }

  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<WorkerMessage>(message)) return;
    if (message.cluster === 'hello') {
      // A worker starting (a restart after a demo clock move too) takes the clock as it is.
      worker.send({ cluster: 'clock-set', seq: 0, offsetMs: clockOffsetMs() } satisfies PrimaryMessage);
    } else if (message.cluster === 'clock-move') {
      applyClockMove(message.move);
      const { id } = message;
      broadcastClock(() => {
        if (worker.isConnected()) worker.send({ cluster: 'clock-moved', id } satisfies PrimaryMessage);
      });
    } else if (message.cluster === 'clock-ack') {
      acknowledged(message.seq, worker.id);
    }
  });

  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    log(`worker ${worker.id} listening (pid ${worker.process.pid})`);
    if (!ready && listening.size === workers) {
      ready = true;
      onReady();
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    for (const wait of waits.keys()) acknowledged(wait, worker.id);
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    if (stopping) {
      if (code !== 0) stopFailed = true;
      if (live().length === 0) {
        log('all workers stopped');
        process.exit(stopFailed ? 1 : 0);
      }
      return;
    }
    if (!ready) {
      // The start failed (a port in use, a database that refuses the workers): trying again would
      // fail the same way, so stop here as a single process would.
      log(`worker ${worker.id} stopped during start-up (${describeExit(code, signal)}): stopping the server`);
      stop('start-up failure', 1);
      return;
    }
    failuresInARow = lived >= HEALTHY_AFTER_MS ? 1 : failuresInARow + 1;
    const delay = restartDelayMs(failuresInARow);
    log(`worker ${worker.id} (pid ${worker.process.pid}) stopped unexpectedly (${describeExit(code, signal)}); starting a new one in ${delay / 1000} s`);
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!stopping) fork();
    }, delay);
    restarts.add(timer);
  });

  function stop(signal: string, exitCode = 0) {
    if (stopping) {
      log(`${signal} again: killing the workers`);
      for (const worker of live()) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    if (exitCode !== 0) stopFailed = true;
    for (const timer of restarts) clearTimeout(timer);
    const workersLeft = live();
    if (workersLeft.length === 0) process.exit(stopFailed ? 1 : 0);
    log(`${signal}: stopping ${workersLeft.length} worker(s), each finishing its requests in flight`);
    for (const worker of workersLeft) {
      if (worker.isConnected()) worker.send({ cluster: 'shutdown', signal } satisfies PrimaryMessage);
      else worker.process.kill('SIGTERM');
    }
    setTimeout(() => {
      log(`workers still running after ${stopTimeoutMs / 1000} s were killed`);
      for (const worker of live()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, stopTimeoutMs).unref();
  }

  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  for (let i = 0; i < workers; i++) fork();
}

export interface ClusterWorker {
  /** 1, 2 … in start order (a restarted worker takes the next number). */
  id: number;
  /** Resolves once every worker has the clock moves this one made so far (the demo clock route waits for it). */
  clockSettled(): Promise<void>;
  /** The primary asks this worker to stop (after a SIGTERM or SIGINT of its own). */
  onShutdown(handler: (signal: string) => void): void;
}

/**
 * A worker's side: takes the cluster's clock before it serves (resolves once it has), relays its
 * own clock moves, and hears the primary's shutdown.
 */
export async function joinCluster(): Promise<ClusterWorker> {
  const worker = cluster.worker;
  if (!worker || !process.send) throw new Error('joinCluster() runs in a cluster worker only');
  const send = (message: WorkerMessage) => process.send!(message);
  let shutdownHandler: ((signal: string) => void) | undefined;
  /** A stop asked for before the worker was up: run once the handler is there. */
  let shutdownAsked: string | undefined;
  let nextId = 0;
  const moving = new Map<number, () => void>();
  const unsettled = new Set<Promise<void>>();
  let synced: () => void = () => {};
  const firstSync = new Promise<void>((resolve) => (synced = resolve));

  process.on('message', (message: unknown) => {
    if (!isMessage<PrimaryMessage>(message)) return;
    if (message.cluster === 'clock-set') {
      applyClockMove({ offsetMs: message.offsetMs });
      if (message.seq === 0) synced();
      else send({ cluster: 'clock-ack', seq: message.seq });
    } else if (message.cluster === 'clock-moved') {
      moving.get(message.id)?.();
      moving.delete(message.id);
    } else if (message.cluster === 'shutdown') {
      if (shutdownHandler) shutdownHandler(message.signal);
      else shutdownAsked = message.signal;
    }
  });

  onClockMove((move) => {
    nextId += 1;
    const id = nextId;
    const settled = new Promise<void>((resolve) => moving.set(id, resolve));
    unsettled.add(settled);
    void settled.then(() => unsettled.delete(settled));
    send({ cluster: 'clock-move', id, move });
  });

  send({ cluster: 'hello' });
  await firstSync;
  return {
    id: worker.id,
    clockSettled: async () => void (await Promise.all([...unsettled])),
    onShutdown(handler) {
      shutdownHandler = handler;
      if (shutdownAsked) handler(shutdownAsked);
    },
  };
}
