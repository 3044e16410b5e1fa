import { readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, zstdDecompressSync } from 'node:zlib';
import { expect, test } from '../e2e/csp.ts';
import { fetchRaw } from './deploy-env.ts';

/**
 * Going live, end to end (npm run test:deploy, README 'Going live'): the production server on an
 * empty PostgreSQL database, reached only through Caddy's https address, emails through SMTP,
 * payments through the Stripe stand-in. Nothing here touches the database: the first supervisor
 * comes from the admin command, everything else from the screens.
 */
test.describe.configure({ mode: 'serial' });

test('Caddy serves the site over https, compressing only what the server did not', async () => {
  await test.step("a hashed script keeps the server's precompressed brotli twin (not compressed twice)", async () => {
    const files = readdirSync('dist/_astro');
    const script = files.find((name) => name.endsWith('.js') && files.includes(`${name}.br`))!;
    const answer = await fetchRaw(`/_astro/${script}`, { 'accept-encoding': 'zstd, br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.body).equals(readFileSync(`dist/_astro/${script}`))).toBe(true);
  });
  await test.step('a page the server sends uncompressed (it has no zstd) is compressed by Caddy', async () => {
    const answer = await fetchRaw('/terms', { 'accept-encoding': 'zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('zstd');
    expect(zstdDecompressSync(answer.body).toString()).toContain('</html>');
  });
  await test.step("the server's headers go out (HSTS), Caddy's Server header does not", async () => {
    const answer = await fetchRaw('/');
    expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(answer.headers.server).toBeUndefined();
  });
  await test.step("Stripe's webhook endpoint refuses a body whose signature does not match", async () => {
    const body = JSON.stringify({ id: 'evt_forged', type: 'payment_intent.succeeded', data: { object: { id: 'pi_forged' } } });
    const answer = await fetchRaw('/api/stripe/webhook', { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }, body);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ status: 'failure', error: { type: 'BadInput' } });
  });
});

test('the home page loads through Caddy', async ({ page }) => {
  await page.goto('/');
  await page.locator('#book').scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: /^Meet a Beacon Tutoring Tutor$/ })).toBeVisible();
});
