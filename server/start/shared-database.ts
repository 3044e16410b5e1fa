import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from './database.ts';
import { openConfiguredDatabase } from './configured-database.ts';

/**
 * One database per process for the build and the dev server. PGlite must not be opened twice on
 * the same folder, and Vite may evaluate this module more than once, so the handle lives on
 * globalThis rather than in a module variable.
 */
const key = Symbol.for('tutoring.sharedDatabase');
type Holder = { [key]?: Promise<DatabaseHandle> };

export function sharedDatabase(): Promise<DatabaseHandle> {
  const holder = globalThis as Holder;
  holder[key] ??= openConfiguredDatabase(loadConfig());
  return holder[key];
}

export async function closeSharedDatabase(): Promise<void> {
  const holder = globalThis as Holder;
  const pending = holder[key];
  delete holder[key];
  if (pending) await (await pending).close();
}
