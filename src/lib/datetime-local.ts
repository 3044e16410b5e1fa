/** Values of the native `<input type="datetime-local">` (docs/spec/design.md §4), read and written in the browser's zone. */

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch seconds → the value of a `<input type="datetime-local">` ("2026-11-24T17:00") in the browser's zone. */
export function toDateTimeLocal(epoch: number): string {
  const d = new Date(epoch * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value read in the browser's zone → epoch seconds; NaN when it is not a date-time. */
export function fromDateTimeLocal(value: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return NaN;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? NaN : Math.floor(ms / 1000);
}

/** The earliest `datetime-local` value that is not in the past: now, rounded up to the next minute. */
export function dateTimeLocalMin(nowMs: number = Date.now()): string {
  return toDateTimeLocal(Math.ceil(nowMs / 60_000) * 60);
}

/**
 * 'PST': the abbreviation of the browser's zone at the field's value ('PDT' in summer), or at
 * `fallbackEpoch` (now unless given) while the value is not a date-time; a field's hint names the
 * zone it reads.
 */
export function fieldZoneName(value: string, fallbackEpoch: number = Date.now() / 1000): string {
  const epoch = fromDateTimeLocal(value);
  const parts = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts((Number.isNaN(epoch) ? fallbackEpoch : epoch) * 1000);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}
