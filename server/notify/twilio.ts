import type { Config } from '../config.ts';
import type { Message, Sender } from '../domain/sign-in/outgoing.ts';

export type TwilioSettings = NonNullable<Config['sms']>;

/** Longest wait for Twilio's answer; a text later than that is reported failed (the queue may retry). */
export const TWILIO_TIMEOUT_MS = 10_000;

/**
 * Sends texts through Twilio's Messages API (POST …/Accounts/{sid}/Messages.json); other channels
 * go to `fallback`. Plain `fetch` rather than the `twilio` package: sending a text is this one
 * form post, and the package (its whole API surface, and its own HTTP client) is large.
 *
 * A number given as 10 digits (how the app stores North American numbers; sms-guard.ts lets only
 * those through) is sent as +1XXXXXXXXXX. A failure (an answer other than 2xx, no answer, or none
 * within `timeoutMs`) throws an Error naming the HTTP status and Twilio's error code, never the
 * message's text: it carries login codes, and the error is logged.
 */
export function twilioSender(settings: TwilioSettings, fallback: Sender, timeoutMs = TWILIO_TIMEOUT_MS): Sender {
  const url = `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  // A messaging service (MG…) picks the sending number itself; otherwise From is the number.
  const from: Record<string, string> = settings.from.startsWith('MG') ? { MessagingServiceSid: settings.from } : { From: settings.from };
  return {
    async send(message: Message) {
      if (message.channel !== 'sms') return fallback.send(message);
      const to = /^\d{10}$/.test(message.to) ? `+1${message.to}` : message.to;
      let response: Response;
      let body: string;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ To: to, ...from, Body: message.text }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = await response.text();
      } catch (error) {
        const name = error instanceof Error ? error.name : 'Error';
        if (name === 'TimeoutError') throw new Error(`Twilio did not answer within ${timeoutMs / 1000} s`, { cause: error });
        // fetch's own message ("fetch failed") says little; its cause's code (ECONNREFUSED…) says more.
        const code = (error as { cause?: { code?: string } }).cause?.code;
        throw new Error(`Twilio could not be reached (${code ?? name})`, { cause: error });
      }
      if (response.ok) return;
      // Twilio's errors are JSON: { code, message, more_info, status }. Only the code is kept, as
      // `message` can quote the request.
      let code: unknown;
      try {
        code = (JSON.parse(body) as { code?: unknown }).code;
      } catch {
        code = undefined;
      }
      throw new Error(`Twilio answered ${response.status}${typeof code === 'number' ? ` (error ${code}: https://www.twilio.com/docs/errors/${code})` : ''}`);
    },
  };
}
