import { createContext, useContext } from 'react';
import type { SchoolId } from '../../config/site.ts';
import type { Frequency } from '../../contract/entities.ts';
import type { Step } from './booking-machine.ts';

/** What the flow tells the page it runs in: the embedded widget passes these on to the partner's page. */
export type BookingReport =
  | { type: 'step'; step: Step }
  /** No personal data: the course, when, and how often. */
  | { type: 'booked'; course: string; start: number; frequency: Frequency }
  /** A refusal's contract error type, or NetworkError. */
  | { type: 'error'; error: string };

/**
 * Where the booking flow runs. On our own pages the defaults: times in the viewer's zone, the
 * classes opened in place, nothing reported. The embedded widget (src/islands/EmbedBooking.tsx)
 * shows times in the partner's chosen zone, opens our pages (the classes, the terms) in a new tab,
 * since the frame may show only the flow, and reports each step, booking and refusal to the partner's page.
 */
export interface BookingHost {
  /** The IANA zone times are shown in; the viewer's own when undefined. */
  zone?: string;
  /** The school the flow opens on. */
  school?: SchoolId;
  /** A course number the flow opens with chosen (once the catalog has it). */
  course?: string;
  /** Our pages open in a new tab: only the flow may be framed (its links would land on a refused frame). */
  linksInNewTab: boolean;
  report: (report: BookingReport) => void;
}

export const BookingHostContext = createContext<BookingHost>({ linksInNewTab: false, report: () => {} });

export const useBookingHost = (): BookingHost => useContext(BookingHostContext);
