import nodemailer from 'nodemailer';
import type { Message, Sender } from './sender.ts';

/** Sends email through SMTP (SMTP_URL); other channels go to `fallback`. */
export function smtpSender(smtpUrl: string, from: string, fallback: Sender): Sender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message: Message) {
      if (message.channel !== 'email') return fallback.send(message);
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
