import { afterEach, expect, it } from 'vitest';
import { advanceClock, applyClockMove, clockOffsetMs, nowMs, resetClock, startClockAt } from '../../../server/clock.ts';

afterEach(() => {
  startClockAt(new Date());
  resetClock();
});

it('starts at an instant and runs on from it; a reset comes back to that timeline, not to the machine\'s time', async () => {
  const start = new Date('2026-11-24T07:45:00Z');
  startClockAt(start);
  expect(Math.abs(nowMs() - start.getTime())).toBeLessThan(50);
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(nowMs()).toBeGreaterThan(start.getTime() + 20);

  advanceClock(168 * 3600_000);
  expect(nowMs() - start.getTime()).toBeGreaterThan(168 * 3600_000);
  resetClock();
  expect(Math.abs(nowMs() - start.getTime())).toBeLessThan(1_000);

  // A reset another process made (server/cluster.ts relays it) lands on this process's timeline too.
  advanceClock(3600_000);
  applyClockMove({ reset: true });
  expect(Math.abs(nowMs() - start.getTime())).toBeLessThan(1_000);
  expect(clockOffsetMs()).toBeLessThan(0);
});
