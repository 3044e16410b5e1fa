/**
 * A small CSV reader (RFC 4180, as spreadsheets write it) for the course import: comma-separated
 * fields, double-quoted fields that may hold commas, line breaks and doubled quotes (`""`), lines
 * ended by CRLF, LF or CR, a byte order mark at the start ignored, blank lines skipped. No parser
 * is among the dependencies, and this one is short enough to read whole.
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

/** The records of `text`, in order; `maxRecords` stops reading early (the caller refuses the rest). */
export function parseCsv(text: string, maxRecords = Infinity): CsvRecord[] {
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;

  while (i < n && records.length < maxRecords) {
    const start = line;
    const fields: string[] = [];
    let blank = true;
    // One record: fields until a line break outside quotes, or the end.
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        blank = false;
        const opened = line;
        i += 1;
        for (;;) {
          if (i >= n) throw new CsvError(opened, 'a quoted field is not closed');
          const ch = text[i]!;
          if (ch === '"') {
            if (text[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          if (ch === '\r' || ch === '\n') {
            // A line break inside quotes is part of the field, written as \n whatever the file used.
            i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
            line += 1;
            value += '\n';
            continue;
          }
          value += ch;
          i += 1;
        }
        // After the closing quote: a comma, a line break or the end, and nothing else (spaces aside).
        while (i < n && (text[i] === ' ' || text[i] === '\t')) i += 1;
        if (i < n && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') throw new CsvError(line, 'text after a closing quote (write a quote inside a quoted field as "")');
      } else {
        const begin = i;
        while (i < n && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') i += 1;
        value = text.slice(begin, i);
        if (value.includes('"')) throw new CsvError(line, 'a quote inside a field that does not start with one (quote the whole field, and write the quote as "")');
        if (value.trim() !== '') blank = false;
      }
      fields.push(value);
      if (i < n && text[i] === ',') {
        blank = false;
        i += 1;
        continue;
      }
      // A line break or the end: the record is complete.
      if (i < n) {
        i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line += 1;
      }
      break;
    }
    if (!blank) records.push({ line: start, fields });
  }
  return records;
}
