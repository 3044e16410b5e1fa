import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '../e2e/csp.ts';
import { deploy, fetchRaw } from './deploy-env.ts';

/**
 * Going live, end to end (npm run test:deploy): everything through Caddy's https address, the
 * server in production mode on an empty PostgreSQL database.
 */
test.describe.configure({ mode: 'serial' });

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : encoding === 'zstd' ? zstdDecompressSync(body) : body;

test('Caddy serves the site over https, compressing only what the server did not', async () => {
  await test.step('a hashed script keeps the server\'s precompressed brotli twin (not compressed twice)', async () => {
    const script = readdirSync('dist/_astro').find((name) => name.endsWith('.js') && readdirSync('dist/_astro').includes(`${name}.br`))!;
    const answer = await fetchRaw(`/_astro/${script}`, { 'accept-encoding': 'zstd, br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(decode('br', answer.body).equals(readFileSync(`dist/_astro/${script}`))).toBe(true);
  });
  await test.step('a page the server sends uncompressed (it has no zstd) is compressed by Caddy', async () => {
    const answer = await fetchRaw('/terms', { 'accept-encoding': 'zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('zstd');
    expect(decode('zstd', answer.body).toString()).toContain('</html>');
  });
  await test.step('the server sees https and HSTS goes out', async () => {
    const answer = await fetchRaw('/');
    expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(answer.headers.server).toBeUndefined();
    expect(deploy.siteUrl).toMatch(/^https:/);
  });
});

test('the home page loads through Caddy', async ({ page }) => {
  await page.goto('/');
  await page.locator('#book').scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: /^Meet a Beacon Tutoring Tutor$/ })).toBeVisible();
});
