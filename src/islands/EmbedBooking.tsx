import { configureApi } from '../api/http.ts';
import { type BookingHost, BookingHostContext, type BookingReport } from '../features/booking/booking-host.ts';
import { BookingFlow } from '../features/booking/BookingFlow.tsx';
import type { BuiltCatalog } from '../features/booking/use-catalog.ts';
import { readEmbedOptions } from '../lib/embed-options.ts';
import { FRAME_HOST_PARAM, FRAME_WIDGET_PARAM, type WidgetMessage } from '../lib/embed-messages.ts';
import { Suspense } from 'react';
import type { LoginDialogProps } from '../features/booking/StepFinalize.tsx';
import { FailureBoundary } from '../ui/FailureBoundary.tsx';
import { lazyChunk } from '../ui/lazy-chunk.ts';

/** The origin of the page that embeds the frame, as embed.js wrote it; our own when absent or not an origin. */
function hostOrigin(query: URLSearchParams): string {
  try {
    const origin = new URL(query.get(FRAME_HOST_PARAM) ?? '').origin;
    return origin === 'null' ? location.origin : origin;
  } catch {
    return location.origin;
  }
}

type Report = WidgetMessage extends infer M ? (M extends unknown ? Omit<M, 'widget' | 'id'> : never) : never;

/**
 * The widget's frame (src/pages/embed/booking.astro), set up before the flow renders (the page's
 * head applied the partner's look already, before the first paint): the API told that its calls
 * come from the frame (its own, partitioned session cookie), and a way to tell the partner's page
 * of the frame's height and of the flow's steps. Nothing runs on the server's render.
 */
function setUpFrame(): BookingHost {
  const query = new URLSearchParams(location.search);
  const options = readEmbedOptions(query, (property, value) => CSS.supports(property, value));
  configureApi({ headers: { 'x-booking-embed': '1' } });

  const id = query.get(FRAME_WIDGET_PARAM) ?? '';
  const target = hostOrigin(query);
  const post = (message: Report) => {
    if (window.parent !== window) window.parent.postMessage({ widget: 'booking', id, ...message } satisfies WidgetMessage, target);
  };
  // The partner's page sizes the frame to its content: no scrollbar inside it.
  new ResizeObserver(() => post({ kind: 'height', height: Math.ceil(document.body.getBoundingClientRect().height) })).observe(document.body);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented) post({ kind: 'close' });
  });

  const report = (event: BookingReport) => {
    if (event.type === 'step') post({ kind: 'step', step: event.step });
    else if (event.type === 'booked') post({ kind: 'booked', course: event.course, start: event.start, frequency: event.frequency });
    else post({ kind: 'error', error: event.error });
  };
  return { zone: options.zone, school: options.school, course: options.course, linksInNewTab: true, report };
}

// The text-code dialog opens only for an email that has an account: its code comes when it does.
const TextCodeDialog = lazyChunk(() => import('../features/auth/TextCodeDialog.tsx').then((m) => ({ default: m.TextCodeDialog })));
const loginDialog = ({ email, phone, onClose }: LoginDialogProps) => (
  <Suspense fallback={null}>
    <TextCodeDialog open email={email} phone={phone} onClose={onClose} />
  </Suspense>
);

const noHost: BookingHost = { linksInNewTab: true, report: () => {} };
const host = typeof window === 'undefined' ? noHost : setUpFrame();

/** The booking flow alone, in the widget's frame on a partner's page; its first step drawn from the catalog the page was built with. */
export default function EmbedBooking({ catalog }: { catalog: BuiltCatalog }) {
  return (
    <FailureBoundary where="booking widget">
      <BookingHostContext.Provider value={host}>
        <BookingFlow loginDialog={loginDialog} builtCatalog={catalog} />
      </BookingHostContext.Provider>
    </FailureBoundary>
  );
}
