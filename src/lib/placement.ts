/**
 * The placement bootcamp's offer as the page shows it (spec 2: price $600, early-bird discount
 * $150 until a date, 7 days): from the site's configuration and the time the page is built.
 */
export interface PlacementConfig {
  priceCents: number;
  earlyBirdCents: number;
  /** YYYY-MM-DD: the discount holds through the end of this day in the site's zone; '' for none. */
  earlyBirdLastDay: string;
  /** YYYY-MM-DD: the bootcamp's first day; '' while the next dates are not set. */
  firstDay: string;
  /** The external card payment page; '' hides the booking button. */
  paymentUrl: string;
  timeZone: string;
}

export interface PlacementOffer {
  priceCents: number;
  /** Shown only while it can still be had. */
  discount: { cents: number; untilLabel: string } | null;
  totalCents: number;
  /** The 7 days, when the next bootcamp's first day is set and not past. */
  dates: { firstLabel: string; lastLabel: string } | null;
  paymentUrl: string | null;
}

export const BOOTCAMP_DAYS = 7;
const DAY_MS = 24 * 3600_000;

/** Noon UTC of a YYYY-MM-DD day: the same calendar day in every zone the site could be in. */
function dayAtNoon(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Whether `now` is still on or before `day` in the zone. */
function onOrBefore(now: Date, day: string, timeZone: string): boolean {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return today <= day;
}

export function placementOffer(config: PlacementConfig, now: Date): PlacementOffer {
  const label = (date: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  const discountEnds = dayAtNoon(config.earlyBirdLastDay);
  const discountOpen = config.earlyBirdCents > 0 && discountEnds !== null && onOrBefore(now, config.earlyBirdLastDay, config.timeZone);
  const first = dayAtNoon(config.firstDay);
  const upcoming = first !== null && onOrBefore(now, config.firstDay, config.timeZone);
  return {
    priceCents: config.priceCents,
    discount: discountOpen ? { cents: config.earlyBirdCents, untilLabel: label(discountEnds) } : null,
    totalCents: discountOpen ? config.priceCents - config.earlyBirdCents : config.priceCents,
    dates: upcoming ? { firstLabel: label(first), lastLabel: label(new Date(first.getTime() + (BOOTCAMP_DAYS - 1) * DAY_MS)) } : null,
    paymentUrl: /^https:\/\//.test(config.paymentUrl) ? config.paymentUrl : null,
  };
}
