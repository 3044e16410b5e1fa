import type { Selection } from './booking-machine.ts';
import type { Availability } from './use-availability.ts';

/** Step 1's choices in the order they are on screen, as the hint names them. */
const choices: [keyof Selection, string][] = [
  ['courseId', 'a course'],
  ['capacity', 'a focus level'],
  ['frequency', 'a frequency'],
  ['style', 'a place'],
];

/** "a, b and c". */
function listed(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * Why step 1's 'Select Tutor, Time and Location' is disabled, shown under it (null when it is
 * enabled): the choices still missing, else what availability is doing.
 */
export function continueHint(selection: Selection, availability: Availability): string | null {
  const missing = choices.filter(([key]) => selection[key] === null).map(([, name]) => name);
  if (missing.length > 0) return `Choose ${listed(missing)} to continue.`;
  if (availability.status === 'ready') return availability.appointments.length > 0 ? null : 'No open times for these choices.';
  if (availability.status === 'error') return 'Open times could not be loaded.';
  return 'Finding open times…';
}
