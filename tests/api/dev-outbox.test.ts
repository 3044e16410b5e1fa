import { expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { now } from '../../server/clock.ts';
import { emailDocument } from '../../server/routes/dev.ts';
import { describeApi } from './harness.ts';

const INVITE = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//outbox//EN', 'METHOD:REQUEST', 'BEGIN:VEVENT', 'UID:meeting-1@test', 'SEQUENCE:0', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
const EMAIL_HTML = `<div style="color:#1a1a1a"><p>Hi "Alex" &amp; co,</p><p><a href="http://localhost:4321/student/dashboard">See your sessions</a></p><script>alert('x')</script></div>`;

describeApi('demo outbox: email HTML and invites', (ctx) => {
  async function addMessage(values: { html?: string | null; ics?: string | null; channel?: 'email' | 'sms'; text?: string }) {
    const row = await ctx()
      .database.db.insertInto('outbox')
      .values({
        channel: values.channel ?? 'email',
        to: 'alex@example.com',
        subject: values.channel === 'sms' ? '' : "You're booked: Intro to Programming I",
        text: values.text ?? 'Hi Alex,\n\nYour session is booked.',
        link: null,
        html: values.html ?? null,
        ics: values.ics ?? null,
        created_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('GET /dev/outbox/{id}.ics answers the stored invite as a text/calendar attachment', async () => {
    const id = await addMessage({ html: EMAIL_HTML, ics: INVITE });
    const response = await ctx().client().fetch(`/dev/outbox/${id}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="outbox-${id}.ics"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe(INVITE);
  });

  it('GET /dev/outbox/{id}.ics answers 404 for a message without an invite, an unknown id or another name', async () => {
    const withoutInvite = await addMessage({ html: EMAIL_HTML });
    const text = await addMessage({ channel: 'sms', text: 'Beacon Tutoring: reminder' });
    for (const path of [`/dev/outbox/${withoutInvite}.ics`, `/dev/outbox/${text}.ics`, '/dev/outbox/999999.ics', `/dev/outbox/${withoutInvite}`, '/dev/outbox/abc.ics', '/dev/outbox/99999999999.ics']) {
      expect((await ctx().client().fetch(path)).status, path).toBe(404);
    }
  });

  it('keeps the /dev host guard on the invite route', async () => {
    const id = await addMessage({ ics: INVITE });
    expect((await ctx().client().fetch(`http://evil.example:4321/dev/outbox/${id}.ics`)).status).toBe(403);
    expect((await ctx().client().fetch(`http://127.0.0.1:4321/dev/outbox/${id}.ics`)).status).toBe(200);
  });

  it('does not exist in production mode', async () => {
    const id = await addMessage({ ics: INVITE });
    const production = createApiApp({ database: ctx().database, config: { mode: 'production', siteUrl: 'https://tutors.example', logRequests: false }, log: () => {} });
    expect((await production.request(`/dev/outbox/${id}.ics`)).status).toBe(404);
  });

  it('the page shows the HTML part in a sandboxed frame, the plain text, and the invite link', async () => {
    const id = await addMessage({ html: EMAIL_HTML, ics: INVITE, text: 'Hi "Alex" & co,\n\nSee your sessions: http://localhost:4321/student/dashboard' });
    const plain = await addMessage({ channel: 'sms', text: 'Beacon Tutoring: your session starts in 1 hour' });
    const page = await (await ctx().client().fetch('/dev/outbox')).text();

    const article = (messageId: number) => page.slice(page.indexOf(`#${messageId} ·`), page.indexOf('</article>', page.indexOf(`#${messageId} ·`)));
    const email = article(id);
    const frame = /<iframe ([^>]*)><\/iframe>/.exec(email);
    expect(frame).not.toBeNull();
    expect(frame![1]).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(frame![1]).toContain(`title="Email #${id} as it looks"`);
    // The whole document sits escaped inside the attribute: nothing of it is markup of this page.
    const srcdoc = /srcdoc="([^"]*)"/.exec(frame![1]!)![1]!;
    expect(srcdoc).not.toMatch(/[<>"]/);
    const unescaped = srcdoc.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    expect(unescaped).toBe(emailDocument(EMAIL_HTML));
    expect(unescaped).toContain(EMAIL_HTML);
    expect(page).not.toContain("<script>alert('x')</script>");

    expect(email).toContain('Hi &quot;Alex&quot; &amp; co,');
    expect(email).toMatch(/<pre class="plain">Hi &quot;Alex&quot; &amp; co,/);
    expect(email).toContain(`<a href="/dev/outbox/${id}.ics" download="outbox-${id}.ics">Download invite (.ics)</a>`);

    const text = article(plain);
    expect(text).toContain('your session starts in 1 hour');
    expect(text).not.toContain('<iframe');
    expect(text).not.toContain('Download invite');
  });

  it('the outbox JSON carries the html and ics columns', async () => {
    const id = await addMessage({ html: EMAIL_HTML, ics: INVITE });
    const rows = (await (await ctx().client().fetch('/dev/outbox.json')).json()) as { id: number; html: string | null; ics: string | null }[];
    expect(rows.find((r) => r.id === id)).toMatchObject({ html: EMAIL_HTML, ics: INVITE });
  });
});

it('emailDocument wraps a fragment in a document whose links open in a new tab, and adds the base to a full one', () => {
  expect(emailDocument('<p>Hi</p>')).toBe('<!doctype html><html><head><meta charset="utf-8"><base target="_blank"></head><body style="margin:12px"><p>Hi</p></body></html>');
  expect(emailDocument('<!doctype html><html><head><title>x</title></head><body>Hi</body></html>')).toBe(
    '<!doctype html><html><head><base target="_blank"><title>x</title></head><body>Hi</body></html>',
  );
});
