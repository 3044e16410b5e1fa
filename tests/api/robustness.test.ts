import { expect, it } from 'vitest';
import { call, describeApi } from './harness.ts';

describeApi('bad requests', (ctx) => {
  it('answers unknown /api paths with a NotFound envelope and 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['GET', '/api/'],
      ['POST', '/api/courses'],
      ['DELETE', '/api/prices'],
      ['GET', '/api/courses/1/../../x'],
      ['PUT', '/api/tutors'],
    ] as const) {
      const { status, body } = await call(ctx().client(), path, { method });
      expect(status, `${method} ${path}`).toBe(404);
      expect(body).toEqual({ status: 'failure', error: { type: 'NotFound' } });
    }
  });

  it('answers malformed ids with a 4xx failure, never a 500', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999', '%00', '1;drop table tutors']) {
      const { status, body } = await call(ctx().client(), `/api/tutors/${encodeURIComponent(id)}`);
      expect(status, id).toBeGreaterThanOrEqual(400);
      expect(status, id).toBeLessThan(500);
      expect(body.status).toBe('failure');
    }
  });

  it('refuses state-changing calls from another origin', async () => {
    const client = ctx().client();
    const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }];
    for (const headers of foreign) {
      const { status, body } = await call(client, '/api/logout', { method: 'POST', headers });
      expect(status).toBe(403);
      expect(body).toEqual({ status: 'failure', error: { type: 'BadOrigin' } });
    }
  });

  it("compares Origin with the configured site URL, never with the request's own Host", async () => {
    const client = ctx().client();
    // A DNS-rebinding page: its name resolves to us, so Host and Origin agree with each other.
    const rebound = await call(client, 'http://evil.example:4321/api/logout', { method: 'POST', headers: { origin: 'http://evil.example:4321', 'sec-fetch-site': 'same-origin' } });
    expect(rebound).toEqual({ status: 403, body: { status: 'failure', error: { type: 'BadOrigin' } } });
    // The request's Host is localhost (no port), but the site is http://localhost:4321.
    for (const origin of ['http://localhost', 'https://localhost:4321', 'http://localhost:4322', 'null']) {
      expect((await call(client, '/api/logout', { method: 'POST', headers: { origin } })).status, origin).toBe(403);
    }
  });

  it('accepts state-changing calls from our own origin', async () => {
    const client = ctx().client();
    const own: Record<string, string>[] = [{ origin: 'http://localhost:4321' }, { origin: 'http://127.0.0.1:4321' }, { origin: 'http://[::1]:4321' }, { 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, {}];
    for (const headers of own) {
      expect((await call(client, '/api/logout', { method: 'POST', headers })).status).toBe(200);
    }
  });

  it('refuses bodies over the limit', async () => {
    const { status, body } = await call(ctx().client(), '/api/logout', {
      method: 'POST',
      body: new Uint8Array(6 * 1024 * 1024),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(status).toBe(413);
    expect(body.error.type).toBe('BadInput');
  });

  it('survives a malformed multipart body and odd headers', async () => {
    const client = ctx().client();
    const broken = await call(client, '/api/logout', {
      method: 'POST',
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      headers: { 'content-type': 'multipart/form-data; boundary=y' },
    });
    expect(broken.status).toBeLessThan(500);
    client.cookies.set('sid', 'x'.repeat(5000));
    expect((await call(client, '/api/checkauth')).body.error.type).toBe('NoAuth');
  });
});
