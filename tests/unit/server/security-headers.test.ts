// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, frameAncestorsFor, inlineScriptHashes, isEmbedPath } from '../../../server/http/security-headers.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('content security policy', () => {
  it('hashes inline scripts only, exactly as written', () => {
    const html = '<script>a()</script><script type="module" src="/x.js"></script><SCRIPT type="module">\n b() \n</SCRIPT><script src=/y.js></script><style>p{}</style>';
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('\n b() \n')]);
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });

  it('allows only our own origin, the hashed inline scripts and Stripe', () => {
    expect(contentSecurityPolicy(["'sha256-AAA='"])).toBe(
      "default-src 'self'; script-src 'self' 'sha256-AAA=' https://js.stripe.com https://*.js.stripe.com; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; " +
        "connect-src 'self' https://api.stripe.com; frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com; frame-ancestors 'none'; base-uri 'self'; " +
        "form-action 'self'; object-src 'none'",
    );
  });
});

describe('who may frame a page', () => {
  const origins = ['http://127.0.0.1:4000', 'https://club.example'];

  it('an embed page: our own pages and the sites allowed to embed; an empty list leaves our own only', () => {
    expect(contentSecurityPolicy([], frameAncestorsFor('/embed/booking', origins))).toContain("; frame-ancestors 'self' http://127.0.0.1:4000 https://club.example; base-uri 'self';");
    expect(contentSecurityPolicy([], frameAncestorsFor('/embed/booking/', []))).toContain("; frame-ancestors 'self'; base-uri 'self';");
    expect(frameAncestorsFor('/embed', origins)).toEqual(["'self'", ...origins]);
  });

  it('every other page: nobody, whatever the list', () => {
    for (const page of ['/', '/terms', '/embed.js', '/embedded', '/embeds/booking', '/tutors/myself/dashboard', '/embed/../terms', '/embed/%2e%2e/terms', '/embed/%2E%2E/app-shell', '/embed%2f..%2fterms', '/%E0%A4%A/embed/booking']) {
      expect(frameAncestorsFor(page, origins), page).toEqual(["'none'"]);
      expect(contentSecurityPolicy([], frameAncestorsFor(page, origins)), page).toContain("frame-ancestors 'none';");
    }
  });

  it('reads the path as the file server does (decoded)', () => {
    expect(isEmbedPath('/%65mbed/booking')).toBe(true);
    expect(isEmbedPath('/embed/booking/index.html')).toBe(true);
    expect(isEmbedPath('/terms/../embed/booking')).toBe(true);
  });
});
