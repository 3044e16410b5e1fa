import type { Db } from '../db/db.ts';
import { countHits, type RateHit, type RateWindow } from '../domain/sign-in/rate-limits.ts';
import { type Message, type Sender, TextFailed, TextRefused } from '../domain/sign-in/outgoing.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * Texts cost money per message and reach a stranger's phone, so texts are bounded here as well as
 * by the callers' own limits: 3 an hour and 6 a day to one number (login codes; booking notices,
 * each the result of a paid booking, are exempt), of which login codes asked for from addresses
 * the account never signed in from get half (below), and the configured number a day in all. Counted in the database (rate-limits.ts),
 * so the bounds hold across instances and restarts; the number is counted only as a keyed hash.
 */
export const TEXTS_PER_NUMBER: readonly RateWindow[] = [
  { max: 3, seconds: HOUR },
  { max: 6, seconds: DAY },
];

/**
 * Of those, what login codes asked for from an address the account never signed in from may use:
 * half of each, rounded down (1 an hour, 3 a day). Anyone who knows an email can ask from such
 * addresses, so they would otherwise use up the owner's texts for a day; the rest is kept for
 * the owner's requests (Message.fromSignInAddress), which count in the number's caps only.
 */
export const STRANGERS_TEXTS_PER_NUMBER: readonly RateWindow[] = TEXTS_PER_NUMBER.map((window) => ({ max: Math.floor(window.max / 2), seconds: window.seconds }));


/**
 * The 10 digits of a North American (NANP) number, or undefined: an area code and an exchange that
 * each start with 2-9, with or without the country code 1 and the usual brackets, hyphens, dots
 * and spaces. Other countries are refused: the product serves one campus, and texts abroad cost
 * many times more (and are the usual target of SMS-pumping fraud).
 */
export function northAmericanNumber(phone: string): string | undefined {
  const digits = phone.replace(/[\s().-]/g, '').replace(/^\+?1(?=\d{10}$)/, '');
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? digits : undefined;
}

/**
 * Wraps a sender so that texts go only to North American numbers and within the limits above;
 * emails pass through. The text goes on with its number as 10 digits (the provider adds +1).
 * Refusals throw TextRefused; a failure of the sender behind throws TextFailed.
 */
export function smsGuard(inner: Sender, db: Db, dailyCap: number): Sender {
  return {
    async send(message: Message) {
      if (message.channel !== 'sms') return inner.send(message);
      const number = northAmericanNumber(message.to);
      if (!number) throw new TextRefused('not-north-american');
      // A busy tutor's booking notices and reminders must all arrive; login codes, which anyone can
      // ask for towards a number, are held to the per-number limits.
      if (!message.notice) {
        const hits = (bucket: string, windows: readonly RateWindow[]): RateHit[] => windows.map((window) => ({ bucket: `${bucket}-${window.seconds}s`, key: `phone:${number}`, window }));
        // Strangers' share first, and their tries count in the number's caps only once within it,
        // so that however often strangers ask, the rest of the caps stays the owner's.
        if (!message.fromSignInAddress) {
          const forStrangers = await countHits(db, hits('sms-number-strangers', STRANGERS_TEXTS_PER_NUMBER));
          if (!forStrangers.allowed) throw new TextRefused('number-limit', forStrangers.retryAfterSeconds);
        }
        const forNumber = await countHits(db, hits('sms-number', TEXTS_PER_NUMBER));
        if (!forNumber.allowed) throw new TextRefused('number-limit', forNumber.retryAfterSeconds);
      }
      // Counted only once the number's own limits pass, so that one number refused over and over
      // does not use up everyone's daily texts.
      const overall = await countHits(db, [{ bucket: 'sms-daily', key: 'all', window: { max: dailyCap, seconds: DAY } }]);
      if (!overall.allowed) throw new TextRefused('daily-cap', overall.retryAfterSeconds);
      try {
        await inner.send({ ...message, to: number });
      } catch (error) {
        throw new TextFailed(error instanceof Error ? error.message : String(error), { cause: error });
      }
    },
  };
}
