const units: [string, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

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
      const phrase = `${n} ${unit}${n === 1 ? '' : 's'}`;
      return diff < 0 ? `${phrase} ago` : `${phrase} from now`;
    }
  }
  return 'now';
}
