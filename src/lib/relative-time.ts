const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

// The past and "now" in Intl's English words. The future is not: Intl says "in 2 minutes", the
// spec "2 minutes from now", so only that ending is written here, after Intl's "2 minutes".
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });
const now = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }).format(0, 'second');
const amounts = new Map(units.map(([unit]) => [unit, new Intl.NumberFormat('en-US', { style: 'unit', unit, unitDisplay: 'long' })]));

/**
 * Spec 1 §9: "{n} {unit} ago" for the past, "{n} {unit} from now" for the future, "now" within a second.
 * Uses the largest unit that fits, so 90 minutes ago is "1 hour ago".
 */
export function relativeTime(epochSeconds: number, nowMs: number = Date.now()): string {
  const diff = Math.round(epochSeconds - nowMs / 1000);
  const distance = Math.abs(diff);
  for (const [unit, seconds] of units) {
    if (distance >= seconds) {
      const n = Math.floor(distance / seconds);
      return diff < 0 ? relative.format(-n, unit) : `${amounts.get(unit)!.format(n)} from now`;
    }
  }
  return now;
}
