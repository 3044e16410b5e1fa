import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { outboxSender } from './outbox.ts';
import type { Message, Sender } from '../domain/sign-in/outgoing.ts';
import { smsGuard } from './sms-guard.ts';
import { smtpSender } from './smtp.ts';
import { twilioSender } from './twilio.ts';

/** Senders whose texts must not carry login codes (TEXT_LOGIN=off); see textLoginEnabled. */
const textLoginOff = new WeakSet<Sender>();

/**
 * Whether this sender may text login codes. The setting travels with the sender because the
 * sender is what the API is built with (server/app.ts); a sender made elsewhere (tests) may.
 */
export function textLoginEnabled(sender: Sender): boolean {
  return !textLoginOff.has(sender);
}

/** "******0199": enough to tell texts apart in a log, not enough to name the person. */
const maskedNumber = (to: string) => `******${to.replace(/\D/g, '').slice(-4)}`;

/**
 * Email through SMTP when SMTP_URL is set, else the outbox. Texts through Twilio when it is
 * configured, else to the outbox in demo mode, and both through the guard (North American numbers,
 * limits per number and a daily cap: sms-guard.ts), so the caps work the same in demo. Production
 * without SMS settings (allowed only with TEXT_LOGIN=off) drops texts, logging the channel and a
 * masked number, never the text.
 */
export function createSender(config: Pick<Config, 'mode' | 'smtpUrl' | 'emailFrom' | 'sms' | 'textLogin' | 'smsDailyCap'>, db: Db, log: (line: string) => void = console.log): Sender {
  const outbox = outboxSender(db, log);
  const email = config.smtpUrl ? smtpSender(config.smtpUrl, config.emailFrom, outbox) : outbox;
  let sender: Sender;
  if (config.sms) sender = smsGuard(twilioSender(config.sms, email), db, config.smsDailyCap);
  else if (config.mode === 'demo') sender = smsGuard(email, db, config.smsDailyCap);
  else {
    sender = {
      async send(message: Message) {
        if (message.channel !== 'sms') return email.send(message);
        log(`sms to ${maskedNumber(message.to)} dropped: no SMS provider is configured`);
      },
    };
  }
  if (!config.textLogin) textLoginOff.add(sender);
  return sender;
}

