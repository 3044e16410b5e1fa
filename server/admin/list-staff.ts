import { sql } from 'kysely';
import type { Db } from '../db/db.ts';
import type { AdminCommand } from './command.ts';
import { openAdminDatabase } from './target.ts';

export interface StaffRow {
  id: number;
  name: string;
  email: string;
  role: string;
}

/** Every tutor: supervisors first, then tutors, then the archived, each by name. */
export async function listStaff(db: Db): Promise<StaffRow[]> {
  return db
    .selectFrom('tutors')
    .select(['id', 'name', 'email', 'role'])
    .orderBy(sql`case role when 'Supervisor' then 0 when 'Tutor' then 1 else 2 end`)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The rows as a plain table, columns as wide as their longest value. */
export function staffTable(rows: StaffRow[]): string[] {
  const columns = ['id', 'name', 'email', 'role'] as const;
  const cells = [columns.map(String), ...rows.map((row) => columns.map((column) => String(row[column])))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  return cells.map((line) => line.map((cell, i) => (i === 0 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ').trimEnd());
}

export const listStaffCommand: AdminCommand = {
  name: 'list-staff',
  usage: 'list-staff',
  summary: 'the tutors: id, name, email, role; supervisors first',
  flags: {},
  positionals: [],
  async run(_args, context) {
    const database = await openAdminDatabase(context.target());
    try {
      const rows = await listStaff(database.db);
      if (rows.length === 0) context.print('No tutors yet: add a supervisor with add-supervisor.');
      else for (const line of staffTable(rows)) context.print(line);
    } finally {
      await database.close();
    }
  },
};
