import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { outboxSender } from './outbox.ts';
import type { Sender } from './sender.ts';
import { smtpSender } from './smtp.ts';

/**
 * Email through SMTP when SMTP_URL is set, else the outbox. Texts always go to the outbox: no SMS
 * provider is wired yet (a real one would be another Sender).
 */
export function createSender(config: Pick<Config, 'smtpUrl' | 'emailFrom'>, db: Db, log?: (line: string) => void): Sender {
  const outbox = outboxSender(db, log);
  return config.smtpUrl ? smtpSender(config.smtpUrl, config.emailFrom, outbox) : outbox;
}

export type { Message, Sender } from './sender.ts';
