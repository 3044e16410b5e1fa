import { open } from 'node:fs/promises';
import { Decrypter, Encrypter, type Identity } from 'age-encryption';
import { AdminError, oneLine } from './errors.ts';
import { readFileStream, writePrivateFile } from './file-streams.ts';

/**
 * An encrypted backup is an age file (age-encryption.org/v1) with a passphrase (scrypt) recipient:
 * the whole tar, encrypted by the age-encryption package, the format's reference TypeScript
 * implementation (docs/decisions/021-backup-encryption.md). `age -d` opens it without this app.
 */
const AGE_FIRST_LINE = 'age-encryption.org/v1\n';
/** Far more than an age header with one scrypt stanza (about 200 bytes) takes. */
const HEADER_BYTES = 64 * 1024;

/** Whether the file is an age file (a tar of ours begins with the name manifest.json instead). */
export async function isEncrypted(file: string): Promise<boolean> {
  return (await readHead(file, AGE_FIRST_LINE.length)).toString('latin1') === AGE_FIRST_LINE;
}

async function readHead(file: string, length: number): Promise<Buffer> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AdminError(`${file} does not exist`);
    throw error;
  }
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await handle.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * scrypt's work factor (log2 N) for a backup: age's default, 2^18 (a second and 256 MB to try one
 * passphrase). Decryption reads it from the file, so a file made with a lower one still opens.
 */
export const SCRYPT_WORK_FACTOR = 18;

/**
 * The stream, encrypted with the passphrase. `workFactor` is for tests only (AdminIo's
 * scryptWorkFactor), whose many backups would otherwise spend most of their time in scrypt.
 */
export async function encrypt(plain: ReadableStream<Uint8Array>, passphrase: string, workFactor = SCRYPT_WORK_FACTOR): Promise<ReadableStream<Uint8Array>> {
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  encrypter.setScryptWorkFactor(workFactor);
  return encrypter.encrypt(plain);
}

/** The passphrase does not open the file. */
export class WrongPassphrase extends Error {}

/**
 * Opens the file's header with the passphrase and answers its file key, before anything is
 * written anywhere: age authenticates its header (an HMAC under the key the passphrase unwraps), so
 * a wrong passphrase is known here and not halfway through the file.
 */
export async function unlock(file: string, passphrase: string): Promise<Uint8Array> {
  const head = await readHead(file, HEADER_BYTES);
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  try {
    return await decrypter.decryptHeader(head);
  } catch (error) {
    const message = (error as Error).message;
    // age-encryption's words when no passphrase or key opens the file's recipient stanzas.
    if (/no identity matched/.test(message)) {
      if (head.includes('\n-> scrypt ')) throw new WrongPassphrase();
      throw new AdminError(`${file} is encrypted to age keys, not with a passphrase: decrypt it with age first (age -d -i KEYFILE), then restore the tar`);
    }
    throw new AdminError(`${file} is damaged (its encryption header: ${oneLine(message)})`);
  }
}

/**
 * Decrypts the file into a new file (0600) with the key unlock() answered, so that scrypt, which
 * takes a second and 256 MB on purpose, runs once. Every 64 KiB chunk is authenticated, and a cut
 * file is detected at its end: a changed or cut backup fails here, before any of it is restored.
 */
export async function decryptTo(file: string, fileKey: Uint8Array, destination: string): Promise<void> {
  const decrypter = new Decrypter();
  // The header's HMAC is still checked with this key: it opens only the file it came from.
  const known: Identity = { unwrapFileKey: () => fileKey };
  decrypter.addIdentity(known);
  try {
    await writePrivateFile(destination, await decrypter.decrypt(readFileStream(file)));
  } catch (error) {
    // A file system's failure (no space left) says so itself; the rest is the decryption's.
    if ((error as NodeJS.ErrnoException).code) throw error;
    throw new AdminError(`${file} is damaged: ${oneLine((error as Error).message)}`);
  }
}
