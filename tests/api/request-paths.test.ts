import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoAccounts } from '../../server/demo/seed.ts';
import { startSignIn } from '../../server/domain/sign-in/sign-ins.ts';
import { createSiteApp } from '../../server/site.ts';
import { isDashboardPath } from '../../src/config/dashboard-routes.ts';
import { describeApi } from './harness.ts';

/**
 * One reading of a request's path for the router and every guard (security review, issue 33 item
 * 5): `/student/dashboard/..%2f..%2fembed/booking` answered the signed-in dashboard with the embed
 * page's frame-ancestors and no X-Frame-Options, because the embed check decoded the path and the
 * router did not. Every guarded prefix gets every encoded variant; no answer may carry the embed's
 * framing unless the path, normalised as RFC 3986 says, is the embed page's.
 */

const PARTNER = 'https://partner.example';

/** The areas a guard or a rewrite reads the path of: the embed pages, the API, the demo's /dev, the dashboards, the photos, the files. */
const PREFIXES = [
  '/embed/',
  '/api/',
  '/api/tutors/',
  '/dev/',
  '/student/dashboard/',
  '/tutors/myself/dashboard/',
  '/tutors/1/dashboard/',
  '/tutor_images/',
  '/_astro/',
  '/app-shell/',
  '/terms/',
  '/',
];

/** Ways of writing a way out of the prefix and into the embed page: encoded slashes and dots, doubled, mixed, overlong, and other spellings. */
const VARIANTS = [
  '..%2f..%2fembed/booking',
  '..%2F..%2Fembed/booking',
  '..%5c..%5cembed/booking',
  '..%5C..%5Cembed/booking',
  '..%2f..%5Cembed%2fbooking',
  '%2e%2e%2f%2e%2e%2fembed/booking',
  '%2e%2e/%2e%2e/embed/booking',
  '%2E%2e/.%2E/embed/booking',
  '%2e./%2e./embed/booking',
  '..%252f..%252fembed/booking',
  '%252e%252e/%252e%252e/embed/booking',
  '..%25252f..%25252fembed/booking',
  '..;/..;/embed/booking',
  '../../embed./booking',
  'embed/booking.',
  '..%00/../embed/booking',
  '%c0%ae%c0%ae/%c0%ae%c0%ae/embed/booking',
  '..%ef%bc%8f..%ef%bc%8fembed/booking',
  '%2fembed/booking',
  '/..%2f..%2f..%2fembed%2fbooking',
  '..\\..\\embed\\booking',
  '%2E%2E%2F%2E%2E%2F%2E%2E%2Fembed%2Fbooking%2F',
];

/**
 * The path an address names, normalised as RFC 3986 §6 says (the oracle, independent of the
 * server): dot segments removed (the URL standard's parser also reads %2e as a dot and a backslash
 * as a slash), escapes of unreserved characters decoded; every other escape keeps its meaning apart
 * (`%2F` is not a slash).
 */
function normalised(address: string): string {
  const { pathname } = new URL(`http://localhost${address}`);
  const unreserved = pathname.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const ch = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(ch) ? ch : escape.toUpperCase();
  });
  return new URL(`http://localhost${unreserved}`).pathname;
}
const isEmbedPage = (normal: string) => normal === '/embed' || normal.startsWith('/embed/');

let distDir: string;
beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'paths-dist-'));
  for (const [file, html] of [
    ['embed/booking/index.html', '<h1>booking widget</h1>'],
    ['terms/index.html', '<h1>terms</h1>'],
    ['app-shell/index.html', '<h1>dashboard shell</h1>'],
    ['index.html', '<h1>home</h1>'],
    ['404.html', '<h1>not found</h1>'],
  ] as const) {
    await mkdir(path.dirname(path.join(distDir, file)), { recursive: true });
    await writeFile(path.join(distDir, file), html);
  }
});
afterAll(() => rm(distDir, { recursive: true, force: true }));

describeApi('one reading of a request path for the router and every guard', (ctx) => {
  it(`answers ${VARIANTS.length} encoded variants under each of ${PREFIXES.length} guarded prefixes with the framing of the page the path names, and no 5xx`, { timeout: 120_000 }, async () => {
    const { db } = ctx().database;
    const app = createSiteApp({ api: ctx().app, distDir, photos: ctx().photos, embedOrigins: async () => [PARTNER] });
    const customer = await db.selectFrom('customers').select('id').where('email', '=', demoAccounts.customer.email).executeTakeFirstOrThrow();
    const cookie = `sid=${await startSignIn(db, { customerId: customer.id })}`;

    async function framing(address: string) {
      const response = await app.request(`http://localhost:4321${address}`, { headers: { cookie } });
      const csp = response.headers.get('content-security-policy') ?? '';
      const body = await response.text();
      return { status: response.status, html: (response.headers.get('content-type') ?? '').startsWith('text/html'), ancestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1], xFrameOptions: response.headers.get('x-frame-options'), body };
    }

    // The two pages the variants aim between, as themselves: the test can tell their framings apart.
    expect(await framing('/embed/booking')).toMatchObject({ status: 200, ancestors: `'self' ${PARTNER}`, xFrameOptions: null, body: '<h1>booking widget</h1>' });
    expect(await framing('/student/dashboard')).toMatchObject({ status: 200, ancestors: "'none'", xFrameOptions: 'DENY', body: '<h1>dashboard shell</h1>' });

    const problems: string[] = [];
    const statuses = new Map<number, number>();
    for (const prefix of PREFIXES) {
      for (const variant of VARIANTS) {
        const address = `${prefix}${variant}`;
        const normal = normalised(address);
        const answer = await framing(address);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const problem = (text: string) => problems.push(`${address} (${normal}) → ${answer.status}: ${text}`);
        if (answer.status >= 500) problem('a server failure');
        if (answer.ancestors?.includes(PARTNER) && !isEmbedPage(normal)) problem(`the embed page's frame-ancestors (${answer.ancestors})`);
        if (answer.html && !isEmbedPage(normal) && (answer.ancestors !== "'none'" || answer.xFrameOptions !== 'DENY')) problem(`framing ${answer.ancestors} / X-Frame-Options ${answer.xFrameOptions}`);
        // A page is the one its path names: the dashboards' shell for a dashboard path, the widget for an embed one.
        if (answer.body === '<h1>dashboard shell</h1>' && !isDashboardPath(normal) && !normal.startsWith('/app-shell/')) problem('the dashboard shell');
        if (answer.body === '<h1>booking widget</h1>' && !isEmbedPage(normal)) problem('the booking widget');
      }
    }
    console.log(`request paths [${ctx().kind}]: ${PREFIXES.length * VARIANTS.length} addresses; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(problems).toEqual([]);
  });
});
