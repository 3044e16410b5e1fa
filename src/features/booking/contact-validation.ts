import { isBookingEmail } from '../../lib/email.ts';
import { isValidPhone, normalizePhone } from '../../lib/phone.ts';

export interface ContactFields {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
}

/** Spec 1 §5, in its order: all four fields, then the phone, then the email. Null when valid. */
export function contactError(fields: ContactFields): string | null {
  if (!fields.firstname.trim() || !fields.lastname.trim() || !fields.email.trim() || !fields.phone.trim()) return 'Please fill in all fields';
  if (!isValidPhone(fields.phone)) return 'Invalid phone number';
  if (!isBookingEmail(fields.email.trim())) return 'Invalid email address';
  return null;
}

export function cleanContact(fields: ContactFields): ContactFields {
  return {
    firstname: fields.firstname.trim(),
    lastname: fields.lastname.trim(),
    email: fields.email.trim().toLowerCase(),
    phone: normalizePhone(fields.phone),
  };
}
