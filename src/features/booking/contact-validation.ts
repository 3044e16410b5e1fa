import { isBookingEmail } from '../../lib/email.ts';
import { isValidPhone, normalizePhone } from '../../lib/phone.ts';

export const FILL_IN_ALL = 'Please fill in all fields';

export interface ContactFields {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
}

/** The contact fields left empty (blank counts as empty), which 'Please fill in all fields' marks. */
export function emptyFields(fields: ContactFields): (keyof ContactFields)[] {
  return (Object.keys(fields) as (keyof ContactFields)[]).filter((key) => !fields[key].trim());
}

/** Spec 1 §5, in its order: all four fields, then the phone, then the email. Null when valid. */
export function contactError(fields: ContactFields): string | null {
  if (emptyFields(fields).length > 0) return FILL_IN_ALL;
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
