/**
 * The deploy test's mail server: an SMTP server (smtp-server) on this machine that accepts every
 * message the product sends through SMTP_URL and keeps it, plus a small HTTP endpoint that lists
 * what arrived (GET /messages, newest first), which the journey reads its login links from.
 */
import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';

export interface SunkMessage {
  id: number;
  /** Envelope recipients (RCPT TO), lowercased. */
  to: string[];
  subject: string;
  /** The text part, transfer encoding undone (quoted-printable or base64). */
  text: string;
  /** Links of the text part, in order. */
  links: string[];
  received_at: number;
}

/** Undoes a part's Content-Transfer-Encoding. */
function decodePart(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** An RFC 2047 encoded word (=?UTF-8?Q?…?= or ?B?) decoded; nodemailer writes them for non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodePart(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The subject and first text/plain part of a raw message (nodemailer's multipart/alternative or mixed). */
export function readMessage(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = headersOf(raw.slice(0, split));
  const subject = decodeHeader(headers.get('subject') ?? '');
  const textOf = (head: Map<string, string>, body: string): string | null => {
    const type = head.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const part of body.split(`--${boundary}`).slice(1)) {
        const at = part.search(/\r?\n\r?\n/);
        if (at < 0) continue;
        const found = textOf(headersOf(part.slice(0, at)), part.slice(at).replace(/^\r?\n\r?\n/, ''));
        if (found !== null) return found;
      }
      return null;
    }
    if (!type.toLowerCase().startsWith('text/plain')) return null;
    return decodePart(body, (head.get('content-transfer-encoding') ?? '7bit').toLowerCase());
  };
  return { subject, text: textOf(headers, raw.slice(split).replace(/^\r?\n\r?\n/, '')) ?? '' };
}

export async function startSmtpSink({ smtpPort, httpPort }: { smtpPort: number; httpPort: number }) {
  const messages: SunkMessage[] = [];
  let nextId = 1;
  const smtp = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS (nodemailer would upgrade and refuse a self-signed
    // certificate), no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    banner: 'deploy-test sink',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { subject, text } = readMessage(Buffer.concat(chunks).toString('utf8'));
        messages.push({
          id: nextId++,
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          text,
          links: text.match(/https?:\/\/[^\s<>"')]+/g) ?? [],
          received_at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, '127.0.0.1', () => resolve());
  });
  const http: Server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/messages') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify([...messages].reverse()));
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(httpPort, '127.0.0.1', () => resolve());
  });
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    messagesUrl: `http://127.0.0.1:${httpPort}/messages`,
    messages,
    async close() {
      await Promise.all([new Promise<void>((resolve) => smtp.close(() => resolve())), new Promise<void>((resolve) => http.close(() => resolve()))]);
    },
  };
}
