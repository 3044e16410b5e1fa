import { type CsvErrorCode, CsvError as ParseError, parse } from 'csv-parse/sync';

/**
 * The course import's CSV, read by csv-parse (RFC 4180, as spreadsheets write it): comma-separated
 * fields, double-quoted fields that may hold commas, line breaks and doubled quotes (`""`), lines
 * ended by CRLF, LF or CR (mixed too), a byte order mark at the start ignored, spaces around a field
 * trimmed (not inside quotes), blank lines skipped. What is kept here: each record's line, which
 * the preview shows, and the reasons in words.
 */

export interface CsvRecord {
  /** The line the record starts on, from 1 (a quoted line break makes a record span lines). */
  line: number;
  fields: string[];
}

/** A file that is not CSV: a quote left open, or text after a closing quote. */
export class CsvError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(`Line ${line}: ${message}`);
    this.line = line;
  }
}

const reasons: Partial<Record<CsvErrorCode, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is not closed',
  CSV_INVALID_CLOSING_QUOTE: 'text after a closing quote (write a quote inside a quoted field as "")',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'text after a closing quote (write a quote inside a quoted field as "")',
  INVALID_OPENING_QUOTE: 'a quote inside a field that does not start with one (quote the whole field, and write the quote as "")',
};

/** What csv-parse gives for each record with `info` and `raw`. */
interface ParsedRecord {
  record: string[];
  raw: string;
  /** `bytes`: where the record ends (after its line break), in bytes of the UTF-8 input. */
  info: { bytes: number };
}

/**
 * Counts lines up to byte offsets that only grow (CRLF, LF and CR each end one), so that numbering
 * every record reads the file once. csv-parse's own line count takes a CRLF inside quotes for two.
 */
function lineCounter(bytes: Uint8Array) {
  let at = 0;
  let line = 1;
  return (offset: number): number => {
    for (; at < offset; at++) {
      if (bytes[at] === 0x0a || (bytes[at] === 0x0d && bytes[at + 1] !== 0x0a)) line += 1;
    }
    return line;
  };
}

/** The records of `text`, in order. */
export function parseCsv(text: string): CsvRecord[] {
  const bytes = Buffer.from(text);
  const lineAt = lineCounter(bytes);
  /** Where the record being read starts: where the last one ended (blank lines are records here). */
  let recordStart = 0;
  let parsed: ParsedRecord[];
  try {
    parsed = parse(bytes, {
      bom: true,
      trim: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      info: true,
      raw: true,
      on_record: (record, context) => {
        recordStart = context.bytes;
        return record;
      },
    }) as unknown as ParsedRecord[];
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    // The line of the quote at fault: the error's `raw` is the record up to it. A quote left open
    // is reported at the record's start (where it opened, unless an earlier field spanned lines).
    const upTo = typeof error.raw === 'string' && error.code !== 'CSV_QUOTE_NOT_CLOSED' ? Buffer.byteLength(error.raw) - 1 : 0;
    throw new CsvError(lineAt(recordStart + Math.max(upTo, 0)), reasons[error.code] ?? error.message);
  }
  const records: CsvRecord[] = [];
  let start = 0;
  for (const { record, raw, info } of parsed) {
    // A line break inside quotes is part of the field, written as \n whatever the file used.
    if (raw.trim() !== '') records.push({ line: lineAt(start), fields: record.map((field) => field.replace(/\r\n?/g, '\n')) });
    start = info.bytes;
  }
  return records;
}
