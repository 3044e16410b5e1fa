import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type EmbedOptions, embedSnippet } from '../../src/lib/embed-options.ts';

/**
 * A partner's page that embeds the booking widget, served from another site than ours (issue 26):
 * the widget's journeys (tests/e2e/embed.spec.ts) and `npm run bench:lighthouse` (the partner page
 * with and without the widget) use it. The widget is the snippet the Embed screen writes. Its text comes first, so its own Largest Contentful Paint
 * is its heading and paragraph whatever the widget does; the events the widget sends are kept in
 * `window.widgetEvents` for the journeys to read.
 */
export type PartnerWidget = 'inline' | 'popup' | 'none';

export function partnerPageHtml(siteUrl: string, widget: PartnerWidget, options: EmbedOptions = {}): string {
  const snippet = widget === 'none' ? '' : embedSnippet(siteUrl, options, widget);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lincoln Robotics Club</title>
<style>body{margin:0;font-family:Georgia,serif;color:#222}main{max-width:44rem;margin:0 auto;padding:1rem}h1{font-size:2rem}</style>
</head>
<body>
<main>
<h1>Lincoln Robotics Club</h1>
<p>Our members tutor each other in programming and calculus. Need more help before the exam? Book a session with a tutor who aced the course.</p>
${snippet}
<p id="after-widget">Meetings are on Thursdays at 4 pm in room 204.</p>
</main>
<script>
window.widgetEvents = [];
for (const name of ['booking:step', 'booking:booked', 'booking:error']) {
  document.addEventListener(name, (event) => {
    const widgets = [...document.querySelectorAll('[data-booking-widget], [data-booking-widget-popup]')];
    window.widgetEvents.push({ name, target: event.target.tagName, widget: widgets.indexOf(event.target), detail: event.detail });
  });
}
</script>
</body>
</html>`;
}

/** Serves `pages` (path → HTML) on this host and a free port; answers 404 for other paths. */
export async function startPartnerServer(host: string, pages: Record<string, string>, port = 0): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const html = pages[new URL(request.url ?? '/', 'http://partner').pathname];
    response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(html ?? 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return { origin: `http://${host}:${(server.address() as AddressInfo).port}`, server };
}
