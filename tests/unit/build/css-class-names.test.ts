// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cssModules } from '../../../scripts/css-class-names.ts';

const name = (local: string, css: string) => cssModules.generateScopedName(local, '/any/file.module.css', css);

describe("CSS-module class names (the browser's build and the server render share them)", () => {
  it('are the class as written and five base-36 characters, the same for the same CSS wherever the file is', () => {
    const css = '.card { padding: 1rem; }\n.cardHeader { display: flex; }';
    expect(name('cardHeader', css)).toMatch(/^cardHeader_[0-9a-z]{5}$/);
    expect(name('card', css)).toBe(`card_${name('cardHeader', css).slice(-5)}`);
    expect(cssModules.generateScopedName('card', '/elsewhere/other.module.css', css)).toBe(name('card', css));
  });

  it("differ between files whose CSS differs, so two files' `.card` do not meet", () => {
    expect(name('card', '.card { padding: 1rem; }')).not.toBe(name('card', '.card { padding: 2rem; }'));
  });
});
