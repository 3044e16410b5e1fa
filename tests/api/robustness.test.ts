import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { demoAccounts } from '../../server/demo/seed.ts';
import { startHttpServer } from '../../server/http/http-server.ts';
import { post } from './booking-helpers.ts';
import { call, describeApi, signInAs, type TestContext } from './harness.ts';

describeApi('bad requests', (ctx) => {
  it('answers unknown /api paths with a NotFound envelope and 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['GET', '/api/'],
      ['PUT', '/api/courses'],
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

  it("serves demo mode's outbox only under the site's own or a loopback host name", async () => {
    const client = ctx().client();
    // A DNS-rebinding page reads with a GET, which the origin check lets through.
    expect(await call(client, 'http://evil.example:4321/dev/outbox.json')).toEqual({ status: 403, body: { status: 'failure', error: { type: 'BadOrigin' } } });
    for (const url of ['http://localhost:4321/dev/outbox.json', 'http://127.0.0.1:4321/dev/outbox.json', 'http://[::1]:4321/dev/outbox.json']) {
      expect((await client.fetch(url)).status, url).toBe(200);
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

describeApi('API answer headers', (ctx) => {
  it('marks every API answer nosniff and never stores session-specific ones', async () => {
    const alex = ctx().client();
    await signInAs(ctx(), alex, demoAccounts.customer.email);
    const anonymous = ctx().client();
    const answers: [string, Response][] = [
      ['checkauth', await alex.fetch('/api/checkauth')],
      ['myself', await alex.fetch('/api/customers/myself')],
      ['no session', await anonymous.fetch('/api/customers/myself')],
      ['health', await anonymous.fetch('/api/health')],
      ['not found', await anonymous.fetch('/api/nope')],
      ['bad input', await anonymous.fetch('/api/tutors/x')],
      ['post', await alex.fetch('/api/logout', { method: 'POST' })],
      ['too long', await anonymous.fetch(`/api/courses?q=${'x'.repeat(9000)}`)],
      ['too large', await anonymous.fetch('/api/logout', { method: 'POST', body: new Uint8Array(6 * 1024 * 1024) })],
    ];
    for (const [label, response] of answers) {
      expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
      expect(response.headers.get('cache-control'), label).toBe('no-store');
      expect(response.headers.get('content-type'), label).toMatch(/^application\/json/);
    }
  });

  it('lets the public catalog be cached for a short while, and availability only with revalidation', async () => {
    const alex = ctx().client();
    await signInAs(ctx(), alex, demoAccounts.customer.email);
    const answers: [string, Response, string][] = [
      ['courses', await ctx().client().fetch('/api/courses'), 'public, max-age=10'],
      ['courses/', await ctx().client().fetch('/api/courses/'), 'public, max-age=10'],
      ['prices', await ctx().client().fetch('/api/prices'), 'public, max-age=10'],
      ['tutors', await ctx().client().fetch('/api/tutors'), 'public, max-age=10'],
      // signed in: the answer may depend on the session (staff see more), so only the browser keeps it
      ['tutors signed in', await alex.fetch('/api/tutors'), 'private, no-cache'],
      ['meetings', await ctx().client().fetch('/api/meetings?course=1'), 'no-cache'],
      ['slots', await ctx().client().fetch('/api/slots?course=1'), 'no-cache'],
    ];
    for (const [label, response, cacheControl] of answers) {
      expect(response.status, label).toBe(200);
      expect(response.headers.get('cache-control'), label).toBe(cacheControl);
      expect(response.headers.get('etag'), label).toMatch(/^W\/"[\w-]+"$/);
      expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
    }
    expect((await ctx().client().fetch('/api/tutors')).headers.get('vary')).toBe('accept-encoding, cookie');
  });
});

describeApi('input edge cases', (ctx) => {
  async function signedIn(email: string) {
    const client = ctx().client();
    await signInAs(ctx(), client, email);
    return client;
  }

  async function alexGradebook(c: TestContext) {
    const client = c.client();
    await signInAs(c, client, demoAccounts.customer.email);
    const list = (await call(client, '/api/customers/myself/gradebooks')).body.data as { id: number }[];
    const gradebook = list[0]!.id;
    const category = (await call(client, `/api/gradebooks/${gradebook}/categories`)).body.data[0].id as number;
    return { client, gradebook, category };
  }

  function expectBadInput(answer: { status: number; body: { status: string; error?: any; fields?: any } }, field: string, label: string) {
    expect(answer.status, label).toBe(400);
    expect(answer.body.status, label).toBe('failure');
    expect(answer.body.error.type, label).toBe('BadInput');
    expect(Object.keys(answer.body.error.fields ?? {}), label).toContain(field);
  }

  /** Grade creation and create tutor answer the bare type name, their fields beside it (CONTRACT.md, "Envelope and encodings"). */
  function expectBareBadInput(answer: { status: number; body: { status: string; error?: any; fields?: any } }, field: string, label: string) {
    expect(answer.status, label).toBe(400);
    expect(answer.body.status, label).toBe('failure');
    expect(answer.body.error, label).toBe('BadInput');
    expect(Object.keys(answer.body.fields ?? {}), label).toContain(field);
  }

  it('answers a NUL byte in any text field with BadInput, not a database error', async () => {
    const anonymous = ctx().client();
    const contact = { email: 'nul.test@example.com', phone: '2065550111', firstname: 'Nul', lastname: 'Test' };
    for (const field of ['firstname', 'lastname', 'email'] as const) {
      expectBadInput(await post(anonymous, '/api/customers', { ...contact, [field]: `${contact[field]}\u0000x` }), field, `customers ${field}`);
    }
    expectBadInput(await call(anonymous, '/api/login?user_type=customer&email=a%00b%40example.com', { method: 'POST' }), 'email', 'login');
    expectBadInput(await post(anonymous, '/api/verification', { email: 'a\u0000@example.com' }), 'email', 'verification');
    expectBadInput(await call(anonymous, '/api/verification?code_id=AAAAAAAAAAAAAAAAAAAA&code=12%0034'), 'code', 'code');

    const { client, gradebook, category } = await alexGradebook(ctx());
    expectBadInput(await post(client, `/api/gradebooks/${gradebook}/categories`, { name: 'Quiz\u0000zes', weight_percent: 10, drops: 0 }), 'name', 'category');
    const grade = { name: 'HW\u00009', due_date: 1_900_000_000, points_recieved_hundreths: 900, points_total_hundreths: 1000 };
    expectBareBadInput(await post(client, `/api/gradebooks/${gradebook}/categories/${category}/grades`, grade), 'name', 'grade');

    const maya = await signedIn(demoAccounts.supervisor.email);
    expectBadInput(await post(maya, '/api/tutors/myself/background', { background: 'Hello\u0000' }), 'background', 'background');
    expectBareBadInput(await post(maya, '/api/tutors', { name: 'Zed\u0000', email: 'zed@beacontutoring.com', phone: '2065550112', background: '' }), 'name', 'tutor');
    expectBadInput(await post(maya, '/api/offerings', { tutor: 'myself', course: 1, qualification: 'A\u0000' }), 'qualification', 'offering');
    const jordan = await signedIn(demoAccounts.tutor.email);
    const meeting = (await call(jordan, '/api/tutors/myself/meetings')).body.data[0].meeting.id;
    expectBadInput(await post(jordan, `/api/meetings/${meeting}/notes`, { notes: 'ok\u0000' }), 'notes', 'notes');
  });

  it('never reads an empty field as 0', async () => {
    const { client, gradebook, category } = await alexGradebook(ctx());
    expectBadInput(await post(client, `/api/gradebooks/${gradebook}/categories`, { name: 'Quizzes', weight_percent: '', drops: 0 }), 'weight_percent', 'weight');
    expectBadInput(await post(client, `/api/gradebooks/${gradebook}/categories`, { name: 'Quizzes', weight_percent: 10, drops: '' }), 'drops', 'drops');
    expectBadInput(await post(client, `/api/gradebooks/${gradebook}/categories`, { name: 'Quizzes', weight_percent: ' ', drops: 0 }), 'weight_percent', 'blank weight');
    const grade = { name: 'HW 99', due_date: '', points_recieved_hundreths: 900, points_total_hundreths: 1000 };
    expectBareBadInput(await post(client, `/api/gradebooks/${gradebook}/categories/${category}/grades`, grade), 'due_date', 'due date');
    expectBareBadInput(await post(client, `/api/gradebooks/${gradebook}/categories/${category}/grades`, { ...grade, due_date: 1_900_000_000, points_recieved_hundreths: '' }), 'points_recieved_hundreths', 'points');
    const maya = await signedIn(demoAccounts.supervisor.email);
    expectBadInput(await call(maya, '/api/team/hours?from=&to=1900000000'), 'from', 'hours');
    expectBadInput(await call(maya, '/api/meetings/recent?before=&limit=5'), 'before', 'recent');
    const jordan = await signedIn(demoAccounts.tutor.email);
    expectBadInput(await post(jordan, '/api/meetings', { occurrence_epoch: '', tutor: 'myself' }), 'occurrence_epoch', 'one-off');
    expectBadInput(await call(client, '/api/meetings?course=&capacity=1&course_style=online'), 'course', 'availability');
  });

  it('reads numbers in plain decimal only', async () => {
    const { client, gradebook } = await alexGradebook(ctx());
    for (const drops of ['0x1', '1e0', ' 1 ', '+1', '1.0', '0b1', 'Infinity', '1_0']) {
      expectBadInput(await post(client, `/api/gradebooks/${gradebook}/categories`, { name: `Q ${drops}`, weight_percent: 10, drops }), 'drops', `drops ${JSON.stringify(drops)}`);
    }
    for (const weight of ['0x10', '1e1', ' 10', '+10', '.5', '10.', 'NaN']) {
      expectBadInput(await post(client, `/api/gradebooks/${gradebook}/categories`, { name: `W ${weight}`, weight_percent: weight, drops: 0 }), 'weight_percent', `weight ${JSON.stringify(weight)}`);
    }
    const created = await post(client, `/api/gradebooks/${gradebook}/categories`, { name: 'Labs', weight_percent: '12.5', drops: '007' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ weight_percent: 12.5, drops: 7 });
    for (const id of ['0x1', '1e0', '+1', ' 1']) {
      const answer = await call(client, `/api/tutors/${encodeURIComponent(id)}`);
      expect(answer.status, id).toBe(404);
    }
    expectBadInput(await call(client, '/api/meetings?course=0x3&capacity=1&course_style=online'), 'course', 'hex course');
    expectBadInput(await call(client, '/api/meetings?course=3&capacity=1e0&course_style=online'), 'capacity', 'exponent capacity');
  });

  it('answers an over-long address with the envelope', async () => {
    const { status, body } = await call(ctx().client(), `/api/courses?q=${'x'.repeat(20 * 1024)}`);
    expect(status).toBe(414);
    expect(body).toMatchObject({ status: 'failure', error: { type: 'BadInput' } });
  });

  it('answers a 20 KB query string with the envelope over a real HTTP server', async () => {
    const http = startHttpServer({ fetch: ctx().app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      if (!http.server.listening) await new Promise((resolve) => http.server.once('listening', resolve));
      const base = `http://127.0.0.1:${(http.server.address() as AddressInfo).port}`;
      for (const size of [20, 60]) {
        const response = await fetch(`${base}/api/courses?q=${'x'.repeat(size * 1024)}`);
        expect(response.status, `${size} KB`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${size} KB`).toBeLessThan(500);
        expect(response.headers.get('content-type'), `${size} KB`).toMatch(/^application\/json/);
        expect(await response.json(), `${size} KB`).toMatchObject({ status: 'failure', error: { type: 'BadInput' } });
      }
    } finally {
      await http.close(1_000);
    }
  });
});
