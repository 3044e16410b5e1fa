/**
 * Site configuration shared by the pages, the islands and the server: the brand, the support line,
 * the staff email domain, the schools and their in-person labels, the semester's last reading day.
 *
 * Each value can be overridden by a PUBLIC_* environment variable. In the browser bundle Vite
 * inlines `import.meta.env` at build time; on the Node server `process.env` is read instead.
 */
const env: Record<string, string | undefined> =
  (import.meta as { env?: Record<string, string | undefined> }).env ??
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ??
  {};

function setting(name: string, fallback: string): string {
  const value = env[name];
  return value === undefined || value.trim() === '' ? fallback : value.trim();
}

export type SchoolId = 'university' | 'highschool';

export interface School {
  id: SchoolId;
  name: string;
  /** The label of the in-person option of the booking flow's place question. */
  inPersonLabel: string;
}

export const site = {
  brandName: setting('PUBLIC_BRAND_NAME', 'Beacon Tutoring'),
  /** Ten digits; shown formatted. Students call or text it. */
  supportPhone: setting('PUBLIC_SUPPORT_PHONE', '2065550142'),
  /** Emails on this domain log in as tutors; every other address logs in as a customer. */
  staffEmailDomain: setting('PUBLIC_STAFF_EMAIL_DOMAIN', 'beacontutoring.com'),
  schools: [
    { id: 'university', name: setting('PUBLIC_UNIVERSITY_NAME', 'University'), inPersonLabel: 'On-Campus' },
    {
      id: 'highschool',
      name: setting('PUBLIC_HIGH_SCHOOL_NAME', 'High School'),
      inPersonLabel: setting('PUBLIC_HIGH_SCHOOL_LIBRARY', 'Roosevelt High Library'),
    },
  ] satisfies School[],
  /** The in-person label when the school is neither of the above. */
  otherInPersonLabel: setting('PUBLIC_OTHER_LIBRARY', 'Central Public Library'),
  /** ISO date (YYYY-MM-DD): weekly availability repeats until the end of this day. */
  semesterLastReadingDay: setting('PUBLIC_SEMESTER_LAST_READING_DAY', '2027-06-11'),
  /**
   * The IANA time zone of the campus: weekly availability keeps its wall-clock time in this zone
   * across daylight-saving changes. Browsers still show times in the viewer's own zone.
   */
  timeZone: setting('PUBLIC_SITE_TIME_ZONE', 'America/Los_Angeles'),
  /** Help video of the gradebook setup; the video is shown only when this is set. */
  gradebookVideoUrl: setting('PUBLIC_GRADEBOOK_VIDEO_URL', ''),
} as const;

/**
 * The placement bootcamp (spec 2: $600, $150 off until the early-bird discount's last day, 7
 * days): the external card payment page (no 'Book your spot' button while it is not set), the
 * next bootcamp's first day (YYYY-MM-DD; no dates shown while it is not set) and the prices.
 * A function, apart from `site`: only the placement page (written at build time) reads it, so the
 * browser's scripts, which all carry `site`, leave it out.
 */
export function placementSettings() {
  return {
    paymentUrl: setting('PUBLIC_PLACEMENT_PAYMENT_URL', ''),
    firstDay: setting('PUBLIC_PLACEMENT_FIRST_DAY', ''),
    priceCents: Number(setting('PUBLIC_PLACEMENT_PRICE_CENTS', '60000')),
    earlyBirdCents: Number(setting('PUBLIC_PLACEMENT_EARLY_BIRD_CENTS', '15000')),
    earlyBirdLastDay: setting('PUBLIC_PLACEMENT_EARLY_BIRD_LAST_DAY', '2023-12-14'),
  };
}

export const defaultSchool: SchoolId = 'university';

export function inPersonLabel(school: string): string {
  return site.schools.find((s) => s.id === school)?.inPersonLabel ?? site.otherInPersonLabel;
}

export function isStaffEmail(email: string): boolean {
  return email.toLowerCase().includes(`@${site.staffEmailDomain.toLowerCase()}`);
}
