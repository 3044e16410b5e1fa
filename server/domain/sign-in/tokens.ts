import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random URL-safe secret (256 bits by default) for sign-in cookies and magic links. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Secrets are stored only as their SHA-256, so a database leak does not leak live sign-ins or links. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A login code of `digits` random digits (leading zeros allowed). */
export function newCode(digits = 7): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}
