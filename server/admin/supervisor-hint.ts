import { site } from '../../src/config/site.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';

/**
 * A production database without any supervisor has nobody who can hire tutors or run the team:
 * the one line that says how to add the first one (server/main.ts prints it at start). None in demo
 * mode, whose seed has its supervisor.
 */
export async function missingSupervisorHint(db: Db, mode: Config['mode']): Promise<string | undefined> {
  if (mode !== 'production') return undefined;
  const supervisor = await db.selectFrom('tutors').select('id').where('role', '=', 'Supervisor').limit(1).executeTakeFirst();
  if (supervisor) return undefined;
  return `No supervisor yet: add one with \`npm run admin -- add-supervisor --email you@${site.staffEmailDomain} --name 'Your Name' --phone 2065550100\` (with this DATABASE_URL), then sign in with that email`;
}
