import nodemailer from 'nodemailer';
import type { Message, Sender } from '../domain/sign-in/outgoing.ts';

/**
 * Sends email through SMTP (SMTP_URL); other channels go to `fallback`. A calendar invite goes as
 * nodemailer's `icalEvent`: a text/calendar alternative with its METHOD, which mail programs show
 * as an invitation to accept (and an attachment for those that do not).
 */
export function smtpSender(smtpUrl: string, from: string, fallback: Sender): Sender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message: Message) {
      if (message.channel !== 'email') return fallback.send(message);
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.calendar ? { icalEvent: { method: message.calendar.method.toLowerCase(), filename: 'invite.ics', content: message.calendar.content } } : {}),
      });
    },
  };
}
