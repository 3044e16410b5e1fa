/**
 * Housekeeping that runs on a timer in every server instance: each task must be idempotent and
 * safe to run on several instances at once (the database decides who does what). A failing task
 * is logged and tried again at its next turn; it never stops the server or the other tasks.
 */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

/** Starts the tasks (each once at start, then every `everyMs`); the returned function stops them. */
export function startPeriodicTasks(tasks: PeriodicTask[], log: (line: string) => void = console.log): () => Promise<void> {
  const running = new Set<Promise<void>>();
  const timers = tasks.map((task) => {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      const work = task
        .run()
        .catch((error: unknown) => log(`periodic task ${task.name} failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          busy = false;
          running.delete(work);
        });
      running.add(work);
    };
    tick();
    const timer = setInterval(tick, task.everyMs);
    timer.unref();
    return timer;
  });
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.allSettled([...running]);
  };
}
