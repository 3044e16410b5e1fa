import { describe, expect, it } from 'vitest';
import { EMBED_ORIGINS_MAX } from '../../../src/contract/limits.ts';
import { checkOriginList, normaliseOrigin } from '../../../src/lib/embed-origins.ts';

describe('an origin allowed to embed, as typed', () => {
  it('is normalised to scheme://host[:port]: trimmed, lower case, default port and a bare trailing slash dropped', () => {
    expect(normaliseOrigin('https://example.com')).toBe('https://example.com');
    expect(normaliseOrigin('  HTTPS://Club.Example.COM/  ')).toBe('https://club.example.com');
    expect(normaliseOrigin('https://example.com:443')).toBe('https://example.com');
    expect(normaliseOrigin('http://example.com:80/')).toBe('http://example.com');
    expect(normaliseOrigin('http://localhost:4000')).toBe('http://localhost:4000');
    expect(normaliseOrigin('https://example.com:8443')).toBe('https://example.com:8443');
    expect(normaliseOrigin('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173');
    expect(normaliseOrigin('http://[::1]:8080')).toBe('http://[::1]:8080');
    // An internationalised name is written in ASCII, as CSP needs it.
    expect(normaliseOrigin('https://bücher.example')).toBe('https://xn--bcher-kva.example');
  });

  it('is refused when it is not a plain http(s) origin', () => {
    for (const typed of [
      '',
      '   ',
      'example.com',
      '//example.com',
      'https://',
      'ftp://example.com',
      'javascript:alert(1)',
      'data:text/html,x',
      'https://example.com/booking',
      'https://example.com//',
      'https://example.com?',
      'https://example.com/?a=1',
      'https://example.com#top',
      'https://user:pass@example.com',
      'https://user@example.com',
      'https://*.example.com',
      '*',
      'https://exa mple.com',
      'https://exa\tmple.com',
      'https://exa\nmple.com',
      'https://example.com\\',
      'https://a;b.example',
      "https://a'b.example",
      'https://a,b.example',
      'not a url at all',
      `https://${'a'.repeat(300)}.com`,
    ]) {
      expect(normaliseOrigin(typed), JSON.stringify(typed)).toBeUndefined();
    }
  });
});

describe('a list of origins allowed to embed', () => {
  it('drops blank entries, merges duplicates after normalising and sorts', () => {
    expect(checkOriginList(['https://b.example', '', '  ', 'HTTPS://B.example/', 'http://a.example:80', 'https://b.example:443'])).toEqual({ ok: true, origins: ['http://a.example', 'https://b.example'] });
    expect(checkOriginList([])).toEqual({ ok: true, origins: [] });
  });

  it('names the first invalid entry as typed (trimmed)', () => {
    expect(checkOriginList(['https://ok.example', '  https://ok.example/path ', 'ftp://x'])).toEqual({ ok: false, origin: 'https://ok.example/path' });
  });

  it(`takes ${EMBED_ORIGINS_MAX} distinct origins and refuses the next, duplicates not counted`, () => {
    const fifty = Array.from({ length: EMBED_ORIGINS_MAX }, (_, i) => `https://site${i}.example`);
    const taken = checkOriginList([...fifty, 'https://SITE0.example/']);
    expect(taken.ok && taken.origins.length).toBe(EMBED_ORIGINS_MAX);
    expect(checkOriginList([...fifty, 'https://one-more.example'])).toEqual({ ok: false, origin: 'https://one-more.example', max: EMBED_ORIGINS_MAX });
  });
});
