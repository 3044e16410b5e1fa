/**
 * CSV files to download (payroll, reports): RFC 4180 quoting, CRLF line ends, and cells that a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) led by
 * an apostrophe, so a name typed into the app cannot become a formula in someone's spreadsheet.
 * Numbers are written as numbers.
 */
export type CsvCell = string | number;

function cell(value: CsvCell): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Offers the text as a file download in the browser. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the address; it is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
