import { site } from '../../src/config/site.ts';
import { tutorCreateForm } from '../../src/contract/schemas.ts';
import type { Db } from '../db/db.ts';
import { Refusal } from '../domain/refusal.ts';
import { createTutor } from '../domain/team/team.ts';
import { requiredFlag } from './args.ts';
import type { AdminCommand } from './command.ts';
import { AdminError } from './errors.ts';
import { openAdminDatabase } from './target.ts';

export interface SupervisorInput {
  name: string;
  email: string;
  phone: string;
}

/**
 * The create-tutor call's rules (its contract schema: name, email and phone, normalised the same
 * way), and one more: the email is on the staff domain, since only such an address signs in as a
 * tutor (src/config/site.ts). The first bad field is named, as the flag it came from.
 */
export function validateSupervisor(input: SupervisorInput): SupervisorInput {
  const fields = tutorCreateForm.shape;
  const name = fields.name.safeParse(input.name);
  if (!name.success) throw new AdminError(input.name.trim() === '' ? '--name: must not be empty' : '--name: must be at most 100 characters');
  const email = fields.email.safeParse(input.email);
  if (!email.success) throw new AdminError('--email: must be an email address (name@domain)');
  const domain = site.staffEmailDomain.toLowerCase();
  if (!email.data.endsWith(`@${domain}`)) {
    throw new AdminError(`--email: must be on @${domain}, the staff domain (PUBLIC_STAFF_EMAIL_DOMAIN): other addresses sign in as customers`);
  }
  const phone = fields.phone.safeParse(input.phone);
  if (!phone.success) throw new AdminError('--phone: must be 10 digits (brackets, dashes and spaces are ignored)');
  return { name: name.data, email: email.data, phone: phone.data };
}

export type SupervisorOutcome = 'added' | 'made supervisor' | 'already supervisor';

/**
 * Makes the person with this email a supervisor: adds them (as the create-tutor call does, then
 * promoted), or promotes the tutor already there, archived or not. Running it again changes
 * nothing. An existing tutor keeps their name and phone.
 */
export async function addSupervisor(db: Db, input: SupervisorInput): Promise<{ outcome: SupervisorOutcome; id: number }> {
  const valid = validateSupervisor(input);
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('tutors').select(['id', 'role']).where('email', '=', valid.email).forUpdate().executeTakeFirst();
    if (existing?.role === 'Supervisor') return { outcome: 'already supervisor' as const, id: existing.id };
    if (existing) {
      await trx.updateTable('tutors').set({ role: 'Supervisor' }).where('id', '=', existing.id).execute();
      return { outcome: 'made supervisor' as const, id: existing.id };
    }
    try {
      await createTutor(trx, { ...valid, background: '' });
      const added = await trx.updateTable('tutors').set({ role: 'Supervisor' }).where('email', '=', valid.email).returning('id').executeTakeFirstOrThrow();
      return { outcome: 'added' as const, id: added.id };
    } catch (error) {
      // The email is free (looked up above): the phone is the one taken.
      if (error instanceof Refusal && error.type === 'AlreadyExists') throw new AdminError('--phone: another tutor already has this phone number');
      throw error;
    }
  });
}

export const addSupervisorCommand: AdminCommand = {
  name: 'add-supervisor',
  usage: 'add-supervisor --email E --name N --phone P',
  summary: 'adds a supervisor, or makes the tutor with that (staff domain) email one',
  flags: { email: 'value', name: 'value', phone: 'value' },
  positionals: [],
  async run(args, context) {
    const input = validateSupervisor({ email: requiredFlag(args, 'email'), name: requiredFlag(args, 'name'), phone: requiredFlag(args, 'phone') });
    const database = await openAdminDatabase(context.target());
    try {
      const { outcome, id } = await addSupervisor(database.db, input);
      context.print(`${outcome}: ${input.email} (tutor #${id})`);
    } finally {
      await database.close();
    }
  },
};
