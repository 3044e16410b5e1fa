/** Strips brackets, hyphens and spaces (spec 1 §5); other characters are kept so validation can refuse them. */
export function normalizePhone(input: string): string {
  return input.replace(/[()\-\s]/g, '');
}

/** Valid when, once normalised, it is exactly 10 digits. */
export function isValidPhone(input: string): boolean {
  return /^\d{10}$/.test(normalizePhone(input));
}

/** "2065550142" → "(206) 555-0142"; anything else is returned unchanged. */
export function formatPhone(phone: string): string {
  const digits = normalizePhone(phone);
  return /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}

export function lastFour(phone: string): string {
  return normalizePhone(phone).slice(-4);
}
