/**
 * What the domain sends through: a message and its sender (server/notify implements it: SMTP,
 * Twilio, the outbox), and the errors a text's send ends with. The domain sends login links and
 * codes itself (sign-in: they are secrets, never stored); everything else is told through events.
 */
/** A calendar invite carried by an email (RFC 5545 text, built by ics.ts). */
export interface CalendarAttachment {
  /** iTIP method: REQUEST adds or updates the entries, CANCEL removes them. */
  method: 'REQUEST' | 'CANCEL';
  content: string;
}

/**
 * One email or text message. `link` is the call to action, kept apart so the outbox can show it.
 * An email has a plain-text part (`text`) and may have an HTML part and a calendar invite.
 */
export interface Message {
  /**
   * What makes a told message once (`event:{id}:{n}`, `reminder:…`): a sender that can see a key
   * it took before (the outbox) takes it once; login links and codes have none.
   */
  key?: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html?: string;
  link?: string;
  calendar?: CalendarAttachment;
  /**
   * A notice about a booking (confirmation, change, reminder) rather than something anyone can
   * ask to be sent (a login code): each one follows a paid booking, which bounds how many a number
   * gets, so the SMS guard's per-number limits do not apply (its daily cap still does).
   */
  notice?: boolean;
  /**
   * A login code asked for from a client address the account signed in from (sign-in-addresses.ts):
   * the owner's request. Any other login code counts towards the share of a number's texts kept
   * for strangers (sms-guard.ts), so strangers can never use up the owner's.
   */
  fromSignInAddress?: boolean;
}

/**
 * Where emails and texts go. Demo and tests: the outbox table. Production email: SMTP.
 * Every sender has this one method, so the domain never knows which it talks to.
 */
export interface Sender {
  send(message: Message): Promise<void>;
}

export type TextRefusedReason = 'not-north-american' | 'number-limit' | 'daily-cap';

/** A text the guard would not send. Sending it again will not help (until `retryAfterSeconds`, for a limit). */
export class TextRefused extends Error {
  readonly reason: TextRefusedReason;
  /** For the limits: seconds until the window that is full starts over. */
  readonly retryAfterSeconds: number | undefined;

  constructor(reason: TextRefusedReason, retryAfterSeconds?: number) {
    super(`text refused: ${reason}`);
    this.name = 'TextRefused';
    this.reason = reason;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The provider did not take the text (an error answer, no answer, a time-out): trying again later may work. */
export class TextFailed extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'TextFailed';
  }
}
