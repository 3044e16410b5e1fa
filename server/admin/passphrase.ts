import type { AdminContext } from './command.ts';
import { AdminError } from './errors.ts';

/**
 * Where a backup's passphrase comes from: BACKUP_PASSPHRASE (a nightly job reads it from its
 * secrets), else typed at the terminal when a person runs the command. Never a command-line
 * argument: every user of the machine can read those (ps).
 */
export const PASSPHRASE_VARIABLE = 'BACKUP_PASSPHRASE';

/**
 * Anyone who has the file can try passphrases offline, as fast as scrypt lets them: a short one
 * would not hold up, and the file holds the keys of app_secrets and every customer's data.
 */
export const MIN_PASSPHRASE_LENGTH = 12;

export interface Passphrase {
  value: string;
  /** Where it came from, to say which one was wrong. */
  from: typeof PASSPHRASE_VARIABLE | 'typed';
}

type Source = Pick<AdminContext, 'setting' | 'ask'>;

/**
 * The passphrase to encrypt a backup with, or undefined for a plain one. BACKUP_PASSPHRASE set is
 * enough: an operator who set it never gets an unencrypted backup by forgetting `--encrypt`.
 * `--encrypt` without it asks at the terminal, twice (a typo would make the backup unreadable).
 */
export async function passphraseToEncrypt(source: Source, asked: boolean): Promise<string | undefined> {
  const set = source.setting(PASSPHRASE_VARIABLE);
  if (!set && !asked) return undefined;
  let passphrase = set;
  if (!passphrase) {
    if (!source.ask) throw new AdminError(`--encrypt needs a passphrase: set ${PASSPHRASE_VARIABLE}, or run the command in a terminal to type it`);
    passphrase = await source.ask('Passphrase for the backup: ');
    if ((await source.ask('The same passphrase again: ')) !== passphrase) throw new AdminError('the two passphrases differ: no backup written');
  }
  if ([...passphrase].length < MIN_PASSPHRASE_LENGTH) {
    throw new AdminError(
      `${set ? PASSPHRASE_VARIABLE : 'the passphrase'} is shorter than ${MIN_PASSPHRASE_LENGTH} characters: choose a longer one (a backup holds the keys of app_secrets and customers' data)`,
    );
  }
  return passphrase;
}

export const needsPassphrase = (file: string) => new AdminError(`${file} is encrypted: set ${PASSPHRASE_VARIABLE}, or run restore in a terminal to type the passphrase`);

/** The passphrase of an encrypted backup being restored: BACKUP_PASSPHRASE, else asked once. */
export async function passphraseToDecrypt(source: Source, file: string): Promise<Passphrase> {
  const set = source.setting(PASSPHRASE_VARIABLE);
  if (set) return { value: set, from: PASSPHRASE_VARIABLE };
  if (!source.ask) throw needsPassphrase(file);
  return { value: await source.ask(`Passphrase of ${file}: `), from: 'typed' };
}
