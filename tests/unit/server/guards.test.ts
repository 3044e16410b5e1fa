// @vitest-environment node
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { printablePath, redactedPath, requestLog } from '../../../server/http/guards.ts';

describe('request log', () => {
  it('writes control characters of the path as escapes, so a path cannot forge a line', async () => {
    const lines: string[] = [];
    const app = new Hono();
    app.use(requestLog((line) => lines.push(line)));
    app.all('*', (c) => c.text('ok'));
    await app.request('/api/x%0AGET%20/api/admin%20200%201.0ms');
    await app.request('/api/%1B%5B2J%00%7F%C2%85%E2%80%A8end');
    expect(lines).toHaveLength(2);
    // eslint-disable-next-line no-control-regex -- no control character may reach the log
    for (const line of lines) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(lines[0]).toMatch(/^GET \/api\/x\\x0aGET \/api\/admin 200 1\.0ms 200 [\d.]+ms$/);
    expect(lines[1]).toContain('\\x1b[2J\\x00\\x7f\\x85\\u2028end');
  });

  it('redacts the secrets of paths: the calendar feed\'s, whatever it holds, and any segment shaped like a secret', () => {
    const secret = 'Zk3_x-9QvLm2PbN7tYw1cR8sDf4Gh6Jk0ZaXeUiOpQs';
    expect(redactedPath(`/api/calendar-feed/${secret}.ics`)).toBe('/api/calendar-feed/[redacted].ics');
    expect(redactedPath('/api/calendar-feed/short')).toBe('/api/calendar-feed/[redacted]');
    expect(redactedPath(`/api/some-later-route/${secret}/x`)).toBe('/api/some-later-route/[redacted]/x');
    for (const path of ['/api/calendar-feed', '/api/calendar-feed/', '/api/tutors/myself/meetings', '/api/meetings/12/occurrence_epoch', '/api/gradebooks/3/categories/4/grades']) {
      expect(redactedPath(path)).toBe(path);
    }
  });

  it('keeps a backslash unambiguous and cuts a long path', () => {
    expect(printablePath('/a\\x0a')).toBe('/a\\\\x0a');
    const long = printablePath(`/${'a'.repeat(5000)}`);
    expect(long.length).toBeLessThan(2100);
    expect(long).toMatch(/…\(5001 chars\)$/);
  });
});
