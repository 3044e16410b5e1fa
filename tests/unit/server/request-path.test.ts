// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normalPath } from '../../../server/http/request-path.ts';

describe('one reading of a request path', () => {
  it('decodes escapes and resolves dot segments, as the router reads the path', () => {
    expect(normalPath('/%65mbed/booking')).toBe('/embed/booking');
    expect(normalPath('/terms/../embed/booking')).toBe('/embed/booking');
    expect(normalPath('/embed/%2e%2e/terms')).toBe('/terms');
    expect(normalPath('/student/dashboard/..')).toBe('/student/');
    expect(normalPath('/../../etc/passwd')).toBe('/etc/passwd');
    expect(normalPath('/caf%C3%A9%20au%20lait')).toBe('/café au lait');
    expect(normalPath('/student/dashboard/')).toBe('/student/dashboard/');
    expect(normalPath('/')).toBe('/');
  });

  it('refuses what cannot be read one way only: escaped separators, %, reserved characters, controls, bad escapes, empty segments', () => {
    for (const escape of ['%2f', '%2F', '%5c', '%5C', '%25', '%3F', '%23', '%3B', '%3A', '%40', '%26', '%3D', '%2B', '%24', '%2C', '%00', '%0a', '%7F']) {
      expect(normalPath(`/student/dashboard/..${escape}..${escape}embed/booking`), escape).toBeNull();
    }
    for (const raw of ['/%E0%A4%A', '/%zz', '/%', '/%c0%ae%c0%ae/embed', '//embed/booking', '/a//b', 'embed/booking', '/a\\b', '/a\u0000b']) {
      expect(normalPath(raw), raw).toBeNull();
    }
  });

  it('gives a result back when read again', () => {
    for (const raw of ['/%65mbed/booking', '/a/./b/../c/', '/caf%C3%A9', '/tutors/myself/dashboard/all-gradebooks']) {
      const once = normalPath(raw)!;
      expect(normalPath(once), raw).toBe(once);
    }
  });
});
