import { setTimeout as sleep } from 'node:timers/promises';
import type { Message, Sender } from '../domain/sign-in/outgoing.ts';

/**
 * How long every answer to a sign-in request (POST /api/login, POST /api/verification) takes at
 * least, known address or not. A known address costs a few database writes and a send; an unknown
 * one used to answer at once, which told a script which addresses have accounts even where the
 * answer itself is rate-limited. The floor is above the database work, and a send still running
 * at the floor no longer holds the answer up (SMTP can take seconds).
 */
export const SIGN_IN_FLOOR_MS = 300;

/**
 * The floor of POST /api/verification. Longer, because a text's failure is worth telling: the
 * SMS provider answers an error (a refused number, an outage) well within a second, and a send that
 * fails before the floor fails the request (TextNotSent, the code deleted) instead of being logged
 * after a success answer that leaves the person waiting for a text that never comes.
 */
export const TEXT_CODE_FLOOR_MS = 1000;

/** The two floors (the app takes others only in tests not about timing, to keep the suite fast). */
export interface SignInFloors {
  linkMs: number;
  codeMs: number;
}

export const SIGN_IN_FLOORS: SignInFloors = { linkMs: SIGN_IN_FLOOR_MS, codeMs: TEXT_CODE_FLOOR_MS };

/** No floors: a demo server with SIGN_IN_FLOORS=off (the journeys'), never production (config.ts); its answers wait for their sends. */
export const NO_SIGN_IN_FLOORS: SignInFloors = { linkMs: 0, codeMs: 0 };

/** Real time: this is a latency, not a time rule, so it does not follow server/clock.ts. */
export interface Timer {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realTimer: Timer = { now: () => performance.now(), sleep: async (ms) => void (await sleep(ms)) };

/** Wraps a sender so that a send waits at most until the floor; see withEvenTiming. */
export type Pace = (sender: Sender) => Sender;

/**
 * Runs `work` so that its answer, success or refusal, comes no sooner than `floorMs` after it
 * started. A message `work` sends through `pace(sender)` holds it up only until the floor: a send
 * that fails before then fails the request as before; one still running goes on after the answer,
 * and its failure is logged (the person asks again).
 */
export async function withEvenTiming<T>(floorMs: number, log: (line: string) => void, work: (pace: Pace) => Promise<T>, timer: Timer = realTimer): Promise<T> {
  // No floor (a demo server with SIGN_IN_FLOORS=off, a test not about timing): there is no timing
  // to even out, so the answer waits for the send and says how it went (a text the guard refused
  // is TextLimit, not a success whose text never comes).
  if (floorMs <= 0) return work((sender) => sender);
  const deadline = timer.now() + floorMs;
  const untilFloor = () => timer.sleep(Math.max(0, deadline - timer.now()));
  const pace: Pace = (sender) => ({
    async send(message: Message) {
      let answered = false;
      const sending = sender.send(message);
      // Handled in every case: before the floor the race below rethrows it, after it is logged.
      sending.catch((error: unknown) => {
        if (answered) log(`${message.channel} send failed after the answer: ${error instanceof Error ? error.message : String(error)}`);
      });
      await Promise.race([
        sending,
        untilFloor().then(() => {
          answered = true;
        }),
      ]);
    },
  });
  try {
    return await work(pace);
  } finally {
    await untilFloor();
  }
}
