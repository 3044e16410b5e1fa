import { open } from 'node:fs/promises';

/**
 * A backup's bytes go from the archive writer through the encryption (when asked) into the file,
 * and back from an encrypted file through the decryption: web streams, which age-encryption reads
 * and writes, so that no step holds a whole backup in memory.
 */
const CHUNK = 1 << 20;

/** A file's bytes as a stream, a fresh buffer a chunk (a consumer may keep a chunk it was given). */
export function readFileStream(file: string): ReadableStream<Uint8Array> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      handle ??= await open(file, 'r');
      const buffer = Buffer.allocUnsafe(CHUNK);
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
      if (bytesRead > 0) controller.enqueue(buffer.subarray(0, bytesRead));
      else {
        await handle.close();
        controller.close();
      }
    },
    async cancel() {
      await handle?.close();
    },
  });
}

/**
 * Writes a stream into a new file that only its owner can read and write: the mode is given to
 * open() itself (0600, with O_EXCL), so the file is never readable by others, not even while it is
 * written. A umask can only take permissions away from it.
 */
export async function writePrivateFile(file: string, bytes: ReadableStream<Uint8Array>): Promise<void> {
  const reader = bytes.getReader();
  try {
    const out = await open(file, 'wx', 0o600);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        await out.write(value);
      }
      await out.sync();
    } finally {
      await out.close();
    }
  } catch (error) {
    // The source stops too: its open files (the dump, a photo) are closed.
    await reader.cancel(error).catch(() => {});
    throw error;
  }
}
