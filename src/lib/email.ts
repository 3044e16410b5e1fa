/**
 * The two email rules of spec 1 §5. They are deliberately loose: the address is proven by the
 * email that is sent to it, not by the pattern.
 */

/** Booking contact form: text, an @, text, any character, text. */
export function isBookingEmail(email: string): boolean {
  return /\S+@\S+.\S+/.test(email);
}

/** Magic link: non-@ text, an @, then more text containing a dot. */
export function isMagicLinkEmail(email: string): boolean {
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim());
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
