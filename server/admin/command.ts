import type { FlagSpec, ParsedArgs } from './args.ts';
import type { AdminTarget } from './target.ts';

/** What a command gets besides its arguments. */
export interface AdminContext {
  /** The configured database (read when the command first asks, so `help` needs no settings). */
  target(): AdminTarget;
  /**
   * A file named on the command line, made absolute from where the person ran it: npm runs
   * scripts in the package's folder and says where it was started in INIT_CWD.
   */
  resolve(file: string): string;
  /** A line of the command's output (stdout). */
  print(line: string): void;
  /** A setting of the environment (BACKUP_PASSPHRASE). */
  setting(name: string): string | undefined;
  /**
   * Asks the person at the terminal for a secret, not shown as it is typed; absent when nobody can
   * answer (a cron job, a pipe), so that a command then refuses in one line instead of waiting.
   */
  ask?: (prompt: string) => Promise<string>;
  /** scrypt's work factor for encrypted backups, when a test sets a lower one (AdminIo). */
  scryptWorkFactor?: number;
}

/** One command of `npm run admin`: one file each (server/admin/). */
export interface AdminCommand {
  name: string;
  /** The command with its flags and arguments, as `help` shows it. */
  usage: string;
  /** One line: what it does. */
  summary: string;
  flags: FlagSpec;
  /** Names of the arguments it takes, in order (`FILE`). */
  positionals: string[];
  run(args: ParsedArgs, context: AdminContext): Promise<void>;
}
