import { type FileHandle, open } from 'node:fs/promises';
import { writePrivateFile } from './file-streams.ts';

/**
 * A minimal tar (POSIX ustar) writer and reader for the backup file, so that a backup is one
 * ordinary file that `tar tf` lists and `tar xf` unpacks by hand. Regular files only; sizes beyond
 * ustar's 8 GiB use GNU tar's base-256 form, which GNU and BSD tar read. Entries are marked 0600:
 * what `tar xf` takes out by hand (a dump of customers' data) is readable by its owner only.
 */
const BLOCK = 512;
const CHUNK = 1 << 20;

export type ArchiveSource = { name: string; data: Uint8Array } | { name: string; file: string };

export interface ArchiveEntry {
  name: string;
  size: number;
  /** Where the entry's bytes start in the archive. */
  offset: number;
}

export class ArchiveError extends Error {}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new ArchiveError(`name too long for the archive: ${name}`);
  block.write(name, 0, 100, 'utf8');
  writeOctal(block, 0o600, 100, 8);
  writeOctal(block, 0, 108, 8);
  writeOctal(block, 0, 116, 8);
  if (size < 8 ** 11) writeOctal(block, size, 124, 12);
  else {
    block[124] = 0x80;
    let rest = BigInt(size);
    for (let i = 135; i > 124; i--, rest >>= 8n) block[i] = Number(rest & 0xffn);
  }
  writeOctal(block, Math.floor(mtime.getTime() / 1000), 136, 12);
  block.write('0', 156, 'latin1');
  block.write('ustar\u000000', 257, 'latin1');
  block.fill(' ', 148, 156);
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 'latin1');
  return block;
}

function writeOctal(block: Buffer, value: number, offset: number, length: number) {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, length, 'latin1');
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The archive's bytes: each entry's header, its bytes and padding, then the end blocks. */
async function* archiveChunks(sources: ArchiveSource[]): AsyncGenerator<Uint8Array> {
  for (const source of sources) {
    if ('data' in source) {
      yield header(source.name, source.data.length, new Date());
      yield source.data;
      yield padding(source.data.length);
      continue;
    }
    const input = await open(source.file, 'r');
    try {
      const info = await input.stat();
      yield header(source.name, info.size, info.mtime);
      let copied = 0;
      while (copied < info.size) {
        // A new buffer each time: the consumer (the encryption) may still hold the last one.
        const buffer = Buffer.allocUnsafe(Math.min(CHUNK, info.size - copied));
        const { bytesRead } = await input.read(buffer, 0, buffer.length, copied);
        if (bytesRead === 0) throw new ArchiveError(`${source.file} shrank while it was copied`);
        yield buffer.subarray(0, bytesRead);
        copied += bytesRead;
      }
      yield padding(info.size);
    } finally {
      await input.close();
    }
  }
  yield Buffer.alloc(2 * BLOCK);
}

/** The archive of the entries, in order, as a stream (into a file, or through the encryption first). */
export function archiveStream(sources: ArchiveSource[]): ReadableStream<Uint8Array> {
  const chunks = archiveChunks(sources);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** Writes the entries, in order, into a new archive at `file`, readable by its owner only. */
export async function writeArchive(file: string, sources: ArchiveSource[]): Promise<void> {
  await writePrivateFile(file, archiveStream(sources));
}

function readSize(block: Buffer): number {
  if ((block[124]! & 0x80) !== 0) {
    let size = 0n;
    for (let i = 125; i < 136; i++) size = (size << 8n) | BigInt(block[i]!);
    return Number(size);
  }
  return parseOctal(block, 124, 12);
}

function parseOctal(block: Buffer, offset: number, length: number): number {
  const text = block.toString('latin1', offset, offset + length).replace(/[\0 ]+$/, '').trim();
  if (!/^[0-7]+$/.test(text)) throw new ArchiveError('not a tar archive');
  return parseInt(text, 8);
}

function validHeader(block: Buffer): boolean {
  const stored = parseOctal(block, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  return sum === stored;
}

/** The archive's regular files, in order; throws ArchiveError when `file` is not a tar archive. */
export async function listArchive(file: string): Promise<ArchiveEntry[]> {
  const input = await open(file, 'r');
  try {
    const { size: total } = await input.stat();
    const entries: ArchiveEntry[] = [];
    const block = Buffer.alloc(BLOCK);
    for (let offset = 0; ; ) {
      const { bytesRead } = await input.read(block, 0, BLOCK, offset);
      if (bytesRead < BLOCK) throw new ArchiveError('the archive is cut short');
      if (block.every((byte) => byte === 0)) return entries;
      if (!validHeader(block)) throw new ArchiveError('not a tar archive');
      const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const size = readSize(block);
      const type = String.fromCharCode(block[156]!);
      offset += BLOCK;
      if (offset + size > total) throw new ArchiveError('the archive is cut short');
      if (type === '0' || type === '\0') entries.push({ name, size, offset });
      offset += size + padding(size).length;
    }
  } finally {
    await input.close();
  }
}

/** An entry's bytes into a new file. */
export async function extractEntry(file: string, entry: ArchiveEntry, destination: string): Promise<void> {
  const input = await open(file, 'r');
  let out: FileHandle | undefined;
  try {
    out = await open(destination, 'wx');
    const buffer = Buffer.alloc(CHUNK);
    for (let copied = 0; copied < entry.size; ) {
      const { bytesRead } = await input.read(buffer, 0, Math.min(CHUNK, entry.size - copied), entry.offset + copied);
      if (bytesRead === 0) throw new ArchiveError('the archive is cut short');
      await out.write(buffer.subarray(0, bytesRead));
      copied += bytesRead;
    }
    await out.sync();
  } finally {
    await out?.close();
    await input.close();
  }
}

/** A small entry's bytes (the manifest). */
export async function readEntry(file: string, entry: ArchiveEntry): Promise<Buffer> {
  const input = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(entry.size);
    const { bytesRead } = await input.read(buffer, 0, entry.size, entry.offset);
    if (bytesRead < entry.size) throw new ArchiveError('the archive is cut short');
    return buffer;
  } finally {
    await input.close();
  }
}
