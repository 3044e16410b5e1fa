import { toCsv } from '../../../src/lib/csv-file.ts';

describe('CSV files to download', () => {
  it('quotes what needs it, ends lines with CRLF and keeps numbers as numbers', () => {
    expect(toCsv(['name', 'hours'], [['Jordan Alvarez', 2.5], ['Lee, "Sam"', 1], ['two\nlines', 0]])).toBe(
      'name,hours\r\nJordan Alvarez,2.5\r\n"Lee, ""Sam""",1\r\n"two\nlines",0\r\n',
    );
  });

  it('never lets a cell run as a spreadsheet formula', () => {
    expect(toCsv(['x'], [['=HYPERLINK("http://evil")'], ['+1'], ['-2'], ['@SUM(A1)'], ['\tx']])).toBe(
      'x\r\n"\'=HYPERLINK(""http://evil"")"\r\n\'+1\r\n\'-2\r\n\'@SUM(A1)\r\n\'\tx\r\n',
    );
    // A negative number is a number, not text.
    expect(toCsv(['x'], [[-2]])).toBe('x\r\n-2\r\n');
  });
});
