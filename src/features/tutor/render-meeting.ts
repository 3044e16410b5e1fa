import type { ReactNode } from 'react';
import type { MeetingWithPayments } from '../../contract/entities.ts';

/**
 * Draws one meeting (the island passes the staff meeting card); `onChanged` reloads the list.
 * A module of its own because the tutor's screens and their week grid both take it: declared in
 * either, the two would import each other.
 */
export type RenderMeeting = (item: MeetingWithPayments, onChanged: () => void) => ReactNode;
