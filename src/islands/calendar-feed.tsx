import { useRef } from 'react';
import { ChunkSuspense } from '../ui/ChunkSuspense.tsx';
import { FailureBoundary } from '../ui/FailureBoundary.tsx';
import { lazyChunk } from '../ui/lazy-chunk.ts';
import { Loader } from '../ui/Loader.tsx';
import { useNearViewport } from '../ui/use-near-viewport.ts';

// The calendar feed panel is its own chunk, shared by the student's and the tutor's dashboards:
// the dashboards' first load does not carry it, and if it fails the list above it stays.
const CalendarFeed = lazyChunk(() => import('../features/sessions/CalendarFeed.tsx').then((m) => ({ default: m.CalendarFeed })));

const loading = <Loader text="Loading your calendar feed…" />;

/**
 * The calendar feed panel, under the student's upcoming sessions and the tutor's schedule. It
 * loads (its code and the feed) when it comes near the screen: below a long list, not before the
 * list is scrolled.
 */
export function CalendarFeedPanel() {
  const place = useRef<HTMLDivElement>(null);
  const near = useNearViewport(place);
  return (
    <div ref={place}>
      <FailureBoundary where="calendar feed">
        {near ? (
          <ChunkSuspense fallback={loading}>
            <CalendarFeed />
          </ChunkSuspense>
        ) : (
          loading
        )}
      </FailureBoundary>
    </div>
  );
}
