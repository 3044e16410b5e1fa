import path from 'node:path';
import { addSupervisorCommand } from './add-supervisor.ts';
import { parseArgs } from './args.ts';
import { backupCommand } from './backup.ts';
import type { AdminCommand, AdminContext } from './command.ts';
import { AdminError, UsageError, oneLine } from './errors.ts';
import { listStaffCommand } from './list-staff.ts';
import { restoreCommand } from './restore.ts';
import { type AdminTarget, adminTarget } from './target.ts';

/**
 * `npm run admin -- <command>`: the operator's commands over the configured database
 * (DATABASE_URL, else PGlite in DATA_DIR), one file each. Exit codes: 0 done, 1 refused or failed,
 * 2 a usage mistake; every failure is one line on standard error.
 */
const helpCommand: AdminCommand = {
  name: 'help',
  usage: 'help',
  summary: 'this list',
  flags: {},
  positionals: [],
  async run(_args, context) {
    for (const line of helpLines()) context.print(line);
  },
};

const commands: AdminCommand[] = [addSupervisorCommand, listStaffCommand, backupCommand, restoreCommand, helpCommand];

export function helpLines(): string[] {
  const width = Math.max(...commands.map((command) => command.usage.length));
  return [
    'npm run admin -- <command>   (on DATABASE_URL, else the PGlite database in DATA_DIR)',
    ...commands.map((command) => `  ${command.usage.padEnd(width)}  ${command.summary}`),
  ];
}

export interface AdminIo {
  env: Record<string, string | undefined>;
  out(line: string): void;
  err(line: string): void;
  /** A prompt at the terminal (AdminContext.ask); absent when standard input is not one. */
  ask?: (prompt: string) => Promise<string>;
  /**
   * Tests only: a lower scrypt work factor for the backups they encrypt (encryption.ts), which
   * `npm run admin` never sets.
   */
  scryptWorkFactor?: number;
}

/** Runs one command line; answers the exit code. */
export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  const [name = 'help', ...rest] = argv;
  const command = commands.find((c) => c.name === name);
  try {
    if (!command) throw new UsageError(`unknown command '${name}' (npm run admin -- help lists them)`);
    const args = parseArgs(rest, command.flags, command.positionals);
    let target: AdminTarget | undefined;
    const context: AdminContext = {
      target: () => (target ??= adminTarget(io.env)),
      resolve: (file) => path.resolve(io.env.INIT_CWD ?? process.cwd(), file),
      print: io.out,
      // An empty setting counts as none: `BACKUP_PASSPHRASE=` is no passphrase.
      setting: (name) => io.env[name] || undefined,
      ...(io.ask ? { ask: io.ask } : {}),
      ...(io.scryptWorkFactor ? { scryptWorkFactor: io.scryptWorkFactor } : {}),
    };
    await command.run(args, context);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}${command ? `; usage: npm run admin -- ${command.usage}` : ''}`);
      return 2;
    }
    io.err(oneLine(error instanceof AdminError ? error.message : `${command?.name ?? 'admin'} failed: ${(error as Error).message ?? String(error)}`));
    return 1;
  }
}
