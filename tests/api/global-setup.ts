import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/connection.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/**
 * Migrates one PGlite once and saves its data directory; every API test file then loads that
 * snapshot (fast) instead of creating and migrating a database of its own (about 2 s each).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'tutoring-pglite-'));
  const pglite = await PGlite.create();
  const handle = await openDatabase({ pglite });
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteSnapshot', file);
  return async () => rm(dir, { recursive: true, force: true });
}
