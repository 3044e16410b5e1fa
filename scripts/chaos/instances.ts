import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';

/** One server process (`node server/main.ts`) of the run, on a port of its own. */
export interface Instance {
  /** 1, 2, 3. */
  index: number;
  port: number;
  /** How the proxy names it in X-Chaos-Upstream. */
  hostport: string;
  process: ChildProcess | undefined;
  /** Processes started for it so far (the first start and each restart). */
  starts: number;
  log: string;
  /** Set while the run itself stops or kills it, so that an exit of its own is told apart. */
  stopping: boolean;
  /** Exits the run did not cause (a crash): how each ended. */
  crashes: string[];
}

const PRELOAD = path.resolve('scripts/chaos/clock-preload.ts');
const START_MARK = '[chaos] process start ';

/** Who wrote an outbox row: the process, and whether it was the last row of a process the run killed. */
export interface OutboxWriter {
  process: string;
  lastBeforeKill: boolean;
}

/**
 * Which process wrote each outbox row, from the instances' logs (the outbox sender logs
 * `outbox: email #id` once the row is written): `instance 2, start 3`. The last row of a process
 * the run killed (every start but an instance's last) is the one it may have sent without marking.
 */
export function outboxWriters(instances: Instance[]): Map<number, OutboxWriter> {
  const writers = new Map<number, OutboxWriter>();
  for (const instance of instances) {
    let start = 0;
    let last: OutboxWriter | undefined;
    for (const line of readFileSync(instance.log, 'utf8').split('\n')) {
      if (line.startsWith(START_MARK)) {
        if (last) last.lastBeforeKill = true;
        last = undefined;
        start = Number(line.slice(START_MARK.length));
      }
      const sent = /^outbox: (?:email|sms) #(\d+)$/.exec(line);
      if (sent) {
        last = { process: `instance ${instance.index}, start ${start}`, lastBeforeKill: false };
        writers.set(Number(sent[1]), last);
      }
    }
  }
  return writers;
}

export function makeInstances(count: number, firstPort: number, logDir: string): Instance[] {
  return Array.from({ length: count }, (_, i) => ({
    index: i + 1,
    port: firstPort + i,
    hostport: `127.0.0.1:${firstPort + i}`,
    process: undefined,
    starts: 0,
    log: path.join(logDir, `instance-${i + 1}.log`),
    stopping: false,
    crashes: [],
  }));
}

/**
 * Starts the instance's server process with the demo clock where the run has moved it (see
 * clock-preload.ts). Its output is appended to its log file, a line marking each start.
 */
export function startInstance(instance: Instance, env: NodeJS.ProcessEnv, clockOffsetMs: number): void {
  instance.starts += 1;
  const fd = openSync(instance.log, 'a');
  // Each process's lines follow a line of its own, so that its sends can be told from another's.
  writeSync(fd, `${START_MARK}${instance.starts}\n`);
  const child = spawn(process.execPath, ['--import', PRELOAD, 'server/main.ts'], {
    env: { ...env, PORT: String(instance.port), CHAOS_CLOCK_OFFSET_MS: String(clockOffsetMs) },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  instance.process = child;
  instance.stopping = false;
  child.on('exit', (code, signal) => {
    if (!instance.stopping) instance.crashes.push(`${new Date().toISOString()} ${signal ? `signal ${signal}` : `exit code ${code}`}`);
    if (instance.process === child) instance.process = undefined;
  });
}

/** Waits until the instance answers its health check directly (not through the proxy). */
export async function waitHealthy(instance: Instance, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!instance.process) throw new Error(`instance ${instance.index} exited while starting (see ${instance.log})`);
    try {
      const response = await fetch(`http://${instance.hostport}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`instance ${instance.index} did not answer its health check within ${timeoutMs / 1000} s (see ${instance.log})`);
}

/** Ends the instance's process with this signal and waits for it to be gone. */
export async function stopInstance(instance: Instance, signal: NodeJS.Signals, timeoutMs = 30_000): Promise<void> {
  const child = instance.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  instance.stopping = true;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}
