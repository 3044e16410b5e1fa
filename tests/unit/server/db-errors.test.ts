import { expect, it } from 'vitest';
import { retryingDeadlocks } from '../../../server/db/errors.ts';

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

it('runs a transaction again when PostgreSQL chose it as a deadlock victim, up to three times in all', async () => {
  let runs = 0;
  expect(await retryingDeadlocks(async () => (++runs < 3 ? Promise.reject(deadlock) : 'done'))).toBe('done');
  expect(runs).toBe(3);
  runs = 0;
  await expect(retryingDeadlocks(async () => (++runs, Promise.reject(deadlock)))).rejects.toBe(deadlock);
  expect(runs).toBe(3);
});

it('never runs again after any other error', async () => {
  let runs = 0;
  const other = Object.assign(new Error('unique'), { code: '23505' });
  await expect(retryingDeadlocks(async () => (++runs, Promise.reject(other)))).rejects.toBe(other);
  expect(runs).toBe(1);
});
