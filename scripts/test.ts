/**
 * `npm test`: everything CI runs — `astro check`, `eslint .`, `vitest run` (unit and API tests) and
 * `playwright test` (the journeys) — arranged so that the machine's two cores both work:
 *
 *   1. `astro check` and `eslint .` at once (each keeps about one core busy);
 *   2. `vitest run` and the journeys' build (`npm run build` with their settings, into dist/ and
 *      their fresh demo database) at once: the API tests mostly wait on the databases;
 *   3. `playwright test` on that build (E2E_PREBUILT=1: its web server only starts the server), in
 *      two shards at once, each with its own server on its own copy of the demo database: a journey
 *      mostly waits on the browser and the server, so one run keeps about one core busy.
 *
 * A step starts only when the steps before it passed, as with `&&`; both commands of a pair run to
 * their end. The tests' output is shown as it comes, the linters' when they end, the build's only
 * when it failed. Exits 1 when anything failed. Arguments are not taken: run the
 * parts alone with `npm run check`, `npm run lint`, `npm run test:unit`, `npm run test:e2e`.
 */
import { buildForJourneys, journeysInShards, npmRun, type Outcome } from './test-steps.ts';

const started = Date.now();
const since = (t: number) => (Date.now() - t) / 1000;

async function step(...runs: Promise<Outcome>[]): Promise<void> {
  const outcomes = await Promise.all(runs);
  const failed = outcomes.filter((o) => !o.ok);
  if (failed.length > 0) {
    console.log(`[npm test] failed: ${failed.map((o) => o.name).join(', ')} (${since(started).toFixed(0)} s in all)`);
    process.exit(1);
  }
}

await step(npmRun('check', { output: 'buffered' }), npmRun('lint', { output: 'buffered' }));
// The journeys' build reads and seeds their demo database: a fresh one, as the web server's own build would.
await step(npmRun('test:unit', { output: 'live' }), buildForJourneys());
await step(...journeysInShards());
console.log(`[npm test] everything passed in ${since(started).toFixed(0)} s`);
