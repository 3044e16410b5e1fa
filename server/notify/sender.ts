/** One email or text message. `link` is the call to action, kept apart so the outbox can show it. */
export interface Message {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  link?: string;
}

/**
 * Where emails and texts go. Demo and tests: the outbox table. Production email: SMTP.
 * Every sender has this one method, so the domain never knows which it talks to.
 */
export interface Sender {
  send(message: Message): Promise<void>;
}
