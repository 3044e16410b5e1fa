import { describe, expect, it } from 'vitest';
import { isBookingEmail, isMagicLinkEmail, normalizeEmail } from '../../../src/lib/email.ts';
import { formatPhone, isValidPhone, lastFour, normalizePhone } from '../../../src/lib/phone.ts';
import { relativeTime } from '../../../src/lib/relative-time.ts';

describe('relativeTime', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  const at = (secondsFromNow: number) => now / 1000 + secondsFromNow;

  it('says now within a second', () => {
    expect(relativeTime(at(0), now)).toBe('now');
  });

  it('uses the largest unit, singular or plural, in the past and the future', () => {
    expect(relativeTime(at(-1), now)).toBe('1 second ago');
    expect(relativeTime(at(-45), now)).toBe('45 seconds ago');
    expect(relativeTime(at(-90 * 60), now)).toBe('1 hour ago');
    expect(relativeTime(at(-3 * 86400), now)).toBe('3 days ago');
    expect(relativeTime(at(-400 * 86400), now)).toBe('1 year ago');
    expect(relativeTime(at(120), now)).toBe('2 minutes from now');
    expect(relativeTime(at(60 * 86400), now)).toBe('2 months from now');
  });
});

describe('phone', () => {
  it('strips brackets, hyphens and spaces only', () => {
    expect(normalizePhone('(206) 555-0142')).toBe('2065550142');
    expect(normalizePhone('+1 206.555')).toBe('+1206.555');
  });

  it('accepts exactly ten digits after normalising', () => {
    expect(isValidPhone('(206) 555-0142')).toBe(true);
    expect(isValidPhone('206 555 0142')).toBe(true);
    expect(isValidPhone('206555014')).toBe(false);
    expect(isValidPhone('20655501421')).toBe(false);
    expect(isValidPhone('+12065550142')).toBe(false);
    expect(isValidPhone('206.555.0142')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });

  it('formats ten digits and gives the last four', () => {
    expect(formatPhone('2065550142')).toBe('(206) 555-0142');
    expect(formatPhone('12345')).toBe('12345');
    expect(lastFour('(206) 555-0142')).toBe('0142');
  });
});

describe('email patterns', () => {
  it('booking form: text, @, text, any character, text', () => {
    expect(isBookingEmail('a@b.co')).toBe(true);
    expect(isBookingEmail('a@bxco')).toBe(true);
    expect(isBookingEmail('a@b')).toBe(false);
    expect(isBookingEmail('@b.co')).toBe(false);
    expect(isBookingEmail('plain')).toBe(false);
  });

  it('magic link: non-@ text, @, text with a dot', () => {
    expect(isMagicLinkEmail('alex@example.com')).toBe(true);
    expect(isMagicLinkEmail('alex@mail.example.com')).toBe(true);
    expect(isMagicLinkEmail('alex@example')).toBe(false);
    expect(isMagicLinkEmail('alex@@example.com')).toBe(false);
    expect(isMagicLinkEmail('alex@example.')).toBe(false);
    expect(isMagicLinkEmail('')).toBe(false);
  });

  it('normalises to trimmed lower case', () => {
    expect(normalizeEmail('  Alex@Example.COM ')).toBe('alex@example.com');
  });
});
