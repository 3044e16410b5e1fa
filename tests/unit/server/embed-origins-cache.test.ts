// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../../../server/clock.ts';
import { DataChanges } from '../../../server/cache/data-changes.ts';
import { EMBED_ORIGINS_TTL_MS, embedOriginsCache } from '../../../server/cache/embed-origins.ts';

afterEach(() => resetClock());

/** A stored list that the test changes behind the cache's back, counting the reads. */
function store(initial: string[]) {
  const state = { origins: initial, reads: 0, failing: false };
  const read = async () => {
    state.reads += 1;
    if (state.failing) throw new Error('database down');
    return [...state.origins];
  };
  return { state, read };
}

describe('the cached list of sites allowed to embed', () => {
  it('is read once per TTL, at most 30 s', async () => {
    expect(EMBED_ORIGINS_TTL_MS).toBeLessThanOrEqual(30_000);
    const { state, read } = store(['https://a.example']);
    const current = embedOriginsCache({ read });
    expect(await current()).toEqual(['https://a.example']);
    state.origins = ['https://b.example'];
    // The clock moves on by itself too (an offset, not a frozen time): a second's margin.
    advanceClock(EMBED_ORIGINS_TTL_MS - 1000);
    expect(await current()).toEqual(['https://a.example']);
    advanceClock(1000);
    expect(await current()).toEqual(['https://b.example']);
    expect(state.reads).toBe(2);
  });

  it('is read again at once when this process hears of a write to the table', async () => {
    const changes = new DataChanges();
    const { state, read } = store(['https://a.example']);
    const current = embedOriginsCache({ read, changes });
    await current();
    state.origins = [];
    changes.tablesChanged(['other_table']);
    expect(await current()).toEqual(['https://a.example']);
    changes.tablesChanged(['someschema.embed_origins']);
    expect(await current()).toEqual([]);
  });

  it('shares one read between the requests that find it stale together, and reads again when the clock is set back', async () => {
    const { state, read } = store(['https://a.example']);
    const current = embedOriginsCache({ read });
    await Promise.all([current(), current(), current()]);
    expect(state.reads).toBe(1);
    advanceClock(-1000);
    await current();
    expect(state.reads).toBe(2);
  });

  it('keeps the last list when a read fails (none before the first), and tries again a TTL later', async () => {
    const lines: string[] = [];
    const { state, read } = store(['https://a.example']);
    state.failing = true;
    const current = embedOriginsCache({ read, log: (line) => lines.push(line) });
    expect(await current()).toEqual([]);
    state.failing = false;
    expect(await current()).toEqual([]);
    advanceClock(EMBED_ORIGINS_TTL_MS);
    expect(await current()).toEqual(['https://a.example']);
    state.failing = true;
    advanceClock(EMBED_ORIGINS_TTL_MS);
    expect(await current()).toEqual(['https://a.example']);
    expect(lines).toEqual(['embed origins not read: database down', 'embed origins not read: database down']);
  });
});
