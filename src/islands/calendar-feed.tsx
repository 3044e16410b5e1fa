import { useId, useState } from 'react';
import { ChunkSuspense } from '../ui/ChunkSuspense.tsx';
import { FailureBoundary } from '../ui/FailureBoundary.tsx';
import { lazyChunk } from '../ui/lazy-chunk.ts';
import { Loader } from '../ui/Loader.tsx';
import { Button } from '../ui/Button.tsx';
import styles from './calendar-feed.module.css';

// The calendar feed panel is its own chunk, shared by the student's and the tutor's dashboards:
// the dashboards' first load does not carry it, and if it fails the list below it stays.
const CalendarFeed = lazyChunk(() => import('../features/sessions/CalendarFeed.tsx').then((m) => ({ default: m.CalendarFeed })));

export const CALENDAR_FEED_BUTTON = 'Calendar feed';

/**
 * The calendar feed, under the title of the student's upcoming sessions and the tutor's schedule:
 * a button that shows the panel above the list, found without scrolling past a long schedule. The
 * panel (its code and the feed's state) loads when it is shown, never with the page.
 */
export function CalendarFeedPanel() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={styles.feed}>
      <Button variant="secondary" thin aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((shown) => !shown)}>
        {CALENDAR_FEED_BUTTON}
      </Button>
      <div id={panelId} hidden={!open}>
        {open && (
          <FailureBoundary where="calendar feed">
            <ChunkSuspense fallback={<Loader text="Loading your calendar feed…" />}>
              <CalendarFeed />
            </ChunkSuspense>
          </FailureBoundary>
        )}
      </div>
    </div>
  );
}
