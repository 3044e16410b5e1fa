import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { extract, type Header, type Pack, pack } from 'tar-stream';
import { writePrivateFile } from './file-streams.ts';

/**
 * The backup file's tar (POSIX ustar, written and read by tar-stream), so that a backup is one
 * ordinary file that `tar tf` lists and `tar xf` unpacks by hand. Regular files only; sizes beyond
 * ustar's 8 GiB take GNU tar's base-256 form, which GNU and BSD tar read. Entries are marked 0600:
 * what `tar xf` takes out by hand (a dump of customers' data) is readable by its owner only.
 * Backups written before, by a ustar writer of this app's own, read the same
 * (tests/unit/server/fixtures/backup-old-writer.tar is one).
 */
export type ArchiveSource = { name: string; data: Uint8Array } | { name: string; file: string };

export interface ArchiveEntry {
  name: string;
  size: number;
}

export class ArchiveError extends Error {}

type Entry = ReturnType<Pack['entry']>;

/** A new entry, and when the archive has taken it whole (or refused it: a size that does not match). */
function entryDone(archive: Pack, header: Pick<Header, 'name' | 'mode' | 'mtime' | 'size'>): { entry: Entry; done: Promise<void> } {
  let entry!: Entry;
  const done = new Promise<void>((resolve, reject) => {
    entry = archive.entry(header, (error) => (error ? reject(error) : resolve()));
  });
  return { entry, done };
}

async function packEntries(archive: Pack, sources: ArchiveSource[]): Promise<void> {
  for (const source of sources) {
    if ('data' in source) {
      const { entry, done } = entryDone(archive, { name: source.name, mode: 0o600, mtime: new Date(), size: source.data.length });
      entry.end(Buffer.from(source.data));
      await done;
      continue;
    }
    const { size, mtime } = await stat(source.file);
    const { entry, done } = entryDone(archive, { name: source.name, mode: 0o600, mtime, size });
    // The size the header says, read a chunk at a time (the archive waits for its consumer): a file
    // that shrank meanwhile fails the entry, one that grew is cut at that size.
    if (size > 0) {
      for await (const chunk of createReadStream(source.file, { start: 0, end: size - 1, highWaterMark: 1 << 20 })) {
        if (!entry.write(chunk)) await new Promise<void>((resolve) => entry.once('drain', () => resolve()));
      }
    }
    entry.end(undefined);
    await done;
  }
  archive.finalize();
}

/** The archive of the entries, in order, as a stream (into a file, or through the encryption first). */
export function archiveStream(sources: ArchiveSource[]): ReadableStream<Uint8Array> {
  const archive = pack();
  packEntries(archive, sources).catch((error: Error) => archive.destroy(error));
  const chunks = (archive as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}

/** Writes the entries, in order, into a new archive at `file`, readable by its owner only. */
export async function writeArchive(file: string, sources: ArchiveSource[]): Promise<void> {
  await writePrivateFile(file, archiveStream(sources));
}

/**
 * The archive's regular entries, in order, as tar-stream reads them from the file; a file system's
 * error as it is, tar-stream's refusal as an ArchiveError (not a tar archive, or cut short).
 */
async function* entriesOf(file: string): AsyncGenerator<{ entry: ArchiveEntry; bytes: AsyncIterable<Buffer> }> {
  const reader = extract();
  const input = createReadStream(file);
  input.on('error', (error) => reader.destroy(error));
  input.pipe(reader as unknown as NodeJS.WritableStream);
  try {
    for await (const stream of reader) {
      const { name, size = 0, type } = stream.header;
      if (type === 'file' || type === 'contiguous-file') yield { entry: { name, size }, bytes: stream as AsyncIterable<Buffer> };
      // Whatever the caller left of the entry (all of it, for one passed by) is read past.
      stream.resume();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code) throw error;
    throw new ArchiveError(/unexpected end of data/i.test((error as Error).message) ? 'the archive is cut short' : 'not a tar archive');
  } finally {
    input.destroy();
  }
}

/**
 * Reads the archive once, in order: `into` names the new file each regular entry's bytes go to
 * (0600, never replacing one), or undefined to pass it by. Answers the entries read.
 */
export async function readArchive(file: string, into: (entry: ArchiveEntry) => string | undefined): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  for await (const { entry, bytes } of entriesOf(file)) {
    entries.push(entry);
    const destination = into(entry);
    if (destination) await pipeline(bytes, createWriteStream(destination, { flags: 'wx', mode: 0o600, flush: true }));
  }
  return entries;
}

/** The first entry and its bytes, when it is no larger than `maxSize` (the manifest), reading no further. */
export async function readFirstEntry(file: string, maxSize: number): Promise<{ entry: ArchiveEntry; bytes: Buffer } | undefined> {
  for await (const { entry, bytes } of entriesOf(file)) {
    if (entry.size > maxSize) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of bytes) chunks.push(chunk);
    return { entry, bytes: Buffer.concat(chunks) };
  }
  return undefined;
}
