import { describe, expect, it } from 'vitest';
import { applyEmbedLook, embedFrameQuery, embedLook, embedSnippet, readEmbedOptions } from '../../../src/lib/embed-options.ts';

// A stand-in for CSS.supports that knows a few values of each kind (no DOM in these tests).
const supports = (property: string, value: string) =>
  property === 'color' ? /^(#[0-9a-f]{3,8}|rebeccapurple|rgb\([\d ,]+\))$/i.test(value)
  : property === 'border-radius' ? /^\d+(px|rem|em)$/.test(value)
  : property === 'font-family' ? !/[<>]/.test(value)
  : false;

describe('the booking widget options', () => {
  it('round-trips every option through the frame address', () => {
    const options = { school: 'highschool' as const, course: 'MATH 125', accent: '#0a7', radius: '4px', font: '"Source Sans", sans-serif', zone: 'America/New_York' };
    expect(readEmbedOptions(new URLSearchParams(embedFrameQuery(options)), supports)).toEqual(options);
  });

  it('leaves out empty options from the address', () => {
    expect(embedFrameQuery({ school: 'university', course: ' ', accent: '' })).toBe('school=university');
  });

  it('drops what is not the value its option expects', () => {
    const query = new URLSearchParams({
      school: 'college',
      course: 'MATH<125>',
      accent: 'red; background:url(x)',
      radius: '4px;}',
      font: 'x'.repeat(201),
      zone: 'Mars/Olympus_Mons',
    });
    expect(readEmbedOptions(query, supports)).toEqual({});
  });

  it('writes the snippet with its attributes escaped, inline or as a pop-up button', () => {
    expect(embedSnippet('https://tutor.example/', { course: 'CS "121"', accent: '#123' }, 'inline')).toBe(
      '<script src="https://tutor.example/embed.js" async></script>\n<div data-booking-widget data-course="CS &quot;121&quot;" data-accent="#123" style="min-height:960px"></div>',
    );
    expect(embedSnippet('https://tutor.example', { zone: 'America/Chicago' }, 'popup')).toBe(
      '<script src="https://tutor.example/embed.js" async></script>\n<button data-booking-widget-popup data-locale-zone="America/Chicago">Book a session</button>',
    );
  });
});

describe("the widget's look, as the frame's page applies it before its first paint", () => {
  it('puts the accent, its darker shade, the radius and the font on the root, and nothing for a bad value', () => {
    const set: Record<string, string> = {};
    const root = { setProperty: (name: string, value: string) => void (set[name] = value) };
    applyEmbedLook(embedLook(new URLSearchParams({ accent: '#0b7a4b', radius: '4px', font: 'Georgia, serif' }), supports), root);
    expect(set).toEqual({ '--brand': '#0b7a4b', '--brand-dark': 'color-mix(in srgb, #0b7a4b 75%, black)', '--radius': '4px', 'font-family': 'Georgia, serif' });
    const none: Record<string, string> = {};
    applyEmbedLook(embedLook(new URLSearchParams({ accent: 'red;x:y', radius: '4px}', font: '<b>' }), supports), { setProperty: (n: string, v: string) => void (none[n] = v) });
    expect(none).toEqual({});
  });

  it('runs from its own source text, as the inline script does (it uses nothing outside itself)', () => {
    const set: Record<string, string> = {};
    const script = new Function('query', 'root', 'supports', `(${applyEmbedLook.toString()})((${embedLook.toString()})(query, supports), root);`);
    script(new URLSearchParams({ accent: 'rebeccapurple' }), { setProperty: (name: string, value: string) => void (set[name] = value) }, supports);
    expect(set['--brand']).toBe('rebeccapurple');
  });
});
