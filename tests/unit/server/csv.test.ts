import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from '../../../server/domain/catalog/csv.ts';

const fields = (text: string) => parseCsv(text).map((r) => r.fields);

describe('parseCsv', () => {
  it('reads comma-separated fields and lines ended by LF, CRLF or CR, mixed too, with or without a last line break', () => {
    expect(fields('a,b,c\n1,2,3')).toEqual([['a', 'b', 'c'], ['1', '2', '3']]);
    expect(fields('a,b\r\n1,2\r\n')).toEqual([['a', 'b'], ['1', '2']]);
    expect(fields('a,b\r1,2\r')).toEqual([['a', 'b'], ['1', '2']]);
    expect(parseCsv('a\nb\r\nc\rd')).toEqual([
      { line: 1, fields: ['a'] },
      { line: 2, fields: ['b'] },
      { line: 3, fields: ['c'] },
      { line: 4, fields: ['d'] },
    ]);
  });

  it('keeps empty fields, and trims spaces around a field but not inside quotes', () => {
    expect(fields('a,,c\n,\n x , y ,\t" z "')).toEqual([['a', '', 'c'], ['', ''], ['x', 'y', ' z ']]);
  });

  it('ignores a byte order mark and skips blank lines, numbering records by their first line', () => {
    const records = parseCsv('\uFEFFh1,h2\n\n  \r\nv1,v2\n\n');
    expect(records).toEqual([
      { line: 1, fields: ['h1', 'h2'] },
      { line: 4, fields: ['v1', 'v2'] },
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks (as \\n), and counts their lines', () => {
    const records = parseCsv('"a, b","say ""hi""","two\r\nlines"\nnext,"",x\n"end\rof\nit"\né,"ü\r\n"');
    expect(records).toEqual([
      { line: 1, fields: ['a, b', 'say "hi"', 'two\nlines'] },
      { line: 3, fields: ['next', '', 'x'] },
      { line: 4, fields: ['end\nof\nit'] },
      { line: 7, fields: ['é', 'ü\n'] },
    ]);
  });

  it('allows spaces after a closing quote', () => {
    expect(fields('"a" ,"b"\t\n')).toEqual([['a', 'b']]);
  });

  it('refuses a quote left open, text after a closing quote and a quote inside an unquoted field, naming the line', () => {
    expect(() => parseCsv('a\n"open\nstill open')).toThrow(new CsvError(2, 'a quoted field is not closed'));
    expect(() => parseCsv('a\nb\n"x"y,z')).toThrow(/^Line 3: text after a closing quote/);
    expect(() => parseCsv('a\nab"c')).toThrow(/^Line 2: a quote inside a field/);
    // Counted in lines, not bytes, after a record that spans lines and text that is not ASCII.
    expect(() => parseCsv('"é\r\nü",x\n\nb,"x" y')).toThrow(/^Line 4: text after a closing quote/);
    // The line of the quote at fault, in a record that spans lines.
    expect(() => parseCsv('x\n"a\r\nb\nc" y,z')).toThrow(/^Line 4: text after a closing quote/);
  });

  it('reads an empty text as no records', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF')).toEqual([]);
  });
});
