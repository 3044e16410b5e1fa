import { Suspense } from 'react';
import { FailureBoundary } from '../ui/FailureBoundary.tsx';
import { lazyChunk } from '../ui/lazy-chunk.ts';
import { Loader } from '../ui/Loader.tsx';

// The calendar feed panel is its own chunk, shared by the student's and the tutor's dashboards:
// the student dashboard's first load does not carry it, and if it fails the list above it stays.
const CalendarFeed = lazyChunk(() => import('../features/sessions/CalendarFeed.tsx').then((m) => ({ default: m.CalendarFeed })));

/** The calendar feed panel, loaded on first show, under the student's upcoming sessions and the tutor's schedule. */
export function CalendarFeedPanel() {
  return (
    <FailureBoundary where="calendar feed">
      <Suspense fallback={<Loader text="Loading your calendar feed…" />}>
        <CalendarFeed />
      </Suspense>
    </FailureBoundary>
  );
}
