import { beforeAll, beforeEach, expect, it } from 'vitest';
import { reportClientError } from '../../src/api/client-errors.ts';
import { createApiApp } from '../../server/app.ts';
import { CLIENT_ERROR_LIMIT, logToken } from '../../server/routes/client-errors.ts';
import { call, describeApi, TestClient } from './harness.ts';

/** POST /api/client-errors: the error boundaries' reports, bounded, escaped into one log line. */
describeApi('client error reports', (ctx) => {
  let lines: string[] = [];
  let app: ReturnType<typeof createApiApp>;

  beforeAll(() => {
    // The suite's app logs nowhere; this one keeps its lines to read them.
    app = createApiApp({
      database: ctx().database,
      config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false, trustProxy: 1 },
      log: (line) => lines.push(line),
    });
  });
  beforeEach(() => {
    lines = [];
  });

  const report = { name: 'ChunkLoadError', message: 'Failed to fetch dynamically imported module: http://localhost:4321/_astro/StepFinalize.Ab1.js', where: 'booking step 3', page: '/', chunk_url: '/_astro/StepFinalize.Ab1.js' };
  const post = (client: TestClient, fields: Record<string, string>, headers: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return call(client, '/api/client-errors', { method: 'POST', body: form, headers });
  };

  it('writes one line with the report and answers success (through the typed client)', async () => {
    new TestClient(app).use();
    expect(await reportClientError(report)).toEqual({ status: 'success', data: null });
    expect(lines).toEqual([
      'client-error ChunkLoadError where="booking step 3" page="/" chunk="/_astro/StepFinalize.Ab1.js" message="Failed to fetch dynamically imported module: http://localhost:4321/_astro/StepFinalize.Ab1.js"',
    ]);
  });

  it('escapes what could split or forge a log line, and logs no cookie', async () => {
    const client = new TestClient(app);
    client.cookies.set('sid', 'secret-session-id');
    const message = 'boom\nclient-error Forged where="x"\r\u001b[31mred\u2028\u0085"quoted"';
    // URL-encoded, so the line breaks arrive as sent (multipart turns each into CR LF).
    const answer = await call(client, '/api/client-errors', { method: 'POST', body: new URLSearchParams({ ...report, message }) });
    expect(answer).toEqual({ status: 200, body: { status: 'success', data: null } });
    expect(lines).toHaveLength(1);
    for (const raw of ['\n', '\r', '\u001b', '\u2028', '\u0085']) expect(lines[0]).not.toContain(raw);
    expect(lines[0]).toContain('message="boom\\nclient-error Forged where=\\"x\\"\\r\\u001b[31mred\\u2028\\u0085\\"quoted\\""');
    expect(lines[0]).not.toContain('secret-session-id');
  });

  it('refuses a body over 8 KB with the envelope, and logs nothing', async () => {
    const answer = await post(new TestClient(app), { ...report, message: 'x'.repeat(9 * 1024) });
    expect(answer).toEqual({ status: 413, body: { status: 'failure', error: { type: 'BadInput', fields: { _: 'Request body too large' } } } });
    expect(lines).toEqual([]);
  });

  it.each([
    ['a message over 1000 characters', { ...report, message: 'x'.repeat(1001) }, 'message'],
    ['no where', { name: report.name, message: report.message, page: '/' }, 'where'],
    ['a name that is not one', { ...report, name: 'Error <script>' }, 'name'],
    ['a page with a query (it may hold a token)', { ...report, page: '/login?token=abc' }, 'page'],
    ['a chunk that is a full address', { ...report, chunk_url: 'https://evil.example/x.js' }, 'chunk_url'],
    ['a NUL character', { ...report, where: 'step\u00003' }, 'where'],
  ])('refuses %s as BadInput naming the field', async (_case, fields, field) => {
    const answer = await post(new TestClient(app), fields);
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe('failure');
    expect(answer.body.error.type).toBe('BadInput');
    expect(Object.keys(answer.body.error.fields)).toContain(field);
    expect(lines).toEqual([]);
  });

  it('refuses a report from another site (the origin guard covers it)', async () => {
    const answer = await post(new TestClient(app), report, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(answer.body).toEqual({ status: 'failure', error: { type: 'BadOrigin' } });
    expect(lines).toEqual([]);
  });

  it('answers TooSoon with Retry-After past the per-address limit, other addresses unaffected', async () => {
    const client = new TestClient(app);
    for (let i = 0; i < CLIENT_ERROR_LIMIT.perAddress.max; i++) expect((await post(client, report)).status).toBe(200);
    const response = await client.fetch('/api/client-errors', { method: 'POST', body: new URLSearchParams(report) });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ status: 'failure', error: { type: 'TooSoon' } });
    expect(lines).toHaveLength(CLIENT_ERROR_LIMIT.perAddress.max);
    expect((await post(new TestClient(app), report)).status).toBe(200);
  });
});

it('logToken escapes controls, DEL, C1 and the Unicode line separators', () => {
  expect(logToken('a\u007fb\u009fc\u2029d\te')).toBe('"a\\u007fb\\u009fc\\u2029d\\te"');
});
