import { type BrowserContext, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { requestLinkFromHome } from '../e2e/outbox.ts';
import type { SunkMessage } from './smtp-sink.ts';

/** What scripts/test-deploy.ts started, handed to the journey through the environment. */
export const deploy = {
  siteUrl: required('DEPLOY_SITE_URL'),
  /** Caddy's internal root certificate: Node's own requests to the site trust it. */
  ca: readFileSync(required('DEPLOY_CA_FILE'), 'utf8'),
  mailUrl: required('DEPLOY_MAIL_URL'),
  stripeUrl: required('DEPLOY_STRIPE_URL'),
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the deploy journey with npm run test:deploy`);
  return value;
}

/** Every email the sink has, newest first. */
export async function mail(): Promise<SunkMessage[]> {
  return (await (await fetch(deploy.mailUrl)).json()) as SunkMessage[];
}

export async function newestMailId(): Promise<number> {
  return (await mail())[0]?.id ?? 0;
}

/** The newest email to `to` after `after` whose subject or text matches `what`, once it has arrived. */
export async function mailTo(to: string, after: number, what: RegExp = /log ?in/i): Promise<SunkMessage> {
  let found: SunkMessage | undefined;
  await expect
    .poll(async () => {
      found = (await mail()).find((m) => m.id > after && m.to.includes(to.toLowerCase()) && what.test(`${m.subject}\n${m.text}`));
      return Boolean(found);
    }, { message: `an email to ${to} matching ${what}`, timeout: 15_000 })
    .toBe(true);
  return found!;
}

/** The login link of an email (the site's /login?token=…). */
export function loginLink(message: SunkMessage): string {
  const link = message.links.find((l) => l.startsWith(`${deploy.siteUrl}/login?token=`));
  if (!link) throw new Error(`No login link in "${message.subject}": ${message.text}`);
  return link;
}

/** Signs the page in by the home page's Login dialog and the emailed link, as a person does. */
export async function signInByEmail(page: Page, email: string, dashboard: RegExp) {
  const before = await newestMailId();
  await requestLinkFromHome(page, email);
  await page.goto(loginLink(await mailTo(email, before)));
  await expect(page).toHaveURL(dashboard);
}

/**
 * Stripe's two hosts, answered by the Stripe stand-in: the page loads Stripe.js from
 * https://js.stripe.com and Stripe.js calls https://api.stripe.com, as in production (and as the
 * page's Content-Security-Policy allows); nothing here reaches the internet.
 */
export async function routeStripeToStandIn(context: BrowserContext) {
  await context.route(/^https:\/\/(js|api)\.stripe\.com\//, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${deploy.stripeUrl}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}

/** An https request to the site from Node, trusting Caddy's CA (not the browser's: its raw bytes and headers). */
export function fetchRaw(
  path: string,
  headers: Record<string, string> = {},
  post?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(new URL(path, deploy.siteUrl), { ca: deploy.ca, headers, method: post === undefined ? 'GET' : 'POST' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end(post);
  });
}
