import { expect, it } from 'vitest';
import { withEvenTiming } from '../../../server/http/even-timing.ts';
import type { Message, Sender } from '../../../server/domain/sign-in/outgoing.ts';

const message: Message = { channel: 'sms', to: '2065550199', subject: '', text: 'code' } as Message;
/** A sender that refuses after `ms` (a guard's database check, a provider's error). */
const refusingAfter = (ms: number): Sender => ({ send: () => new Promise((_, reject) => setTimeout(() => reject(new Error('refused')), ms)) });

it('with no floor, the answer waits for the send and says how it went', async () => {
  await expect(withEvenTiming(0, () => {}, (pace) => pace(refusingAfter(30)).send(message))).rejects.toThrow('refused');
});

it('with a floor, a send still running at the floor no longer holds the answer up, and its failure is logged', async () => {
  const logged: string[] = [];
  const started = performance.now();
  await withEvenTiming(20, (line) => logged.push(line), (pace) => pace(refusingAfter(200)).send(message));
  expect(performance.now() - started).toBeLessThan(150);
  await new Promise((resolve) => setTimeout(resolve, 250));
  expect(logged).toEqual(['sms send failed after the answer: refused']);
});
