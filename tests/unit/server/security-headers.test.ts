// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from '../../../server/http/security-headers.ts';

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
        "connect-src 'self' https://api.stripe.com; frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com; frame-ancestors 'none'; base-uri 'self'; " +
        "form-action 'self'; object-src 'none'",
    );
  });
});
