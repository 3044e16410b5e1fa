import type { Frequency } from '../contract/entities.ts';

/**
 * What the booking widget's frame tells the page that embeds it, by `postMessage` (issue 26).
 * `embed.js` on the partner's page turns each into the element's size, or a DOM event the partner
 * listens to: `booking:step` (`detail.step`), `booking:booked` (`detail.course`, `.start` in epoch
 * seconds, `.frequency`) and `booking:error` (`detail.error`, the contract's error type). None
 * carries personal data: the partner's page is not ours.
 */
export type WidgetMessage = { widget: 'booking'; id: string } & (
  | { kind: 'height'; height: number }
  | { kind: 'step'; step: string }
  | { kind: 'booked'; course: string; start: number; frequency: Frequency }
  | { kind: 'error'; error: string }
  /** Escape was pressed in the frame: a pop-up closes. */
  | { kind: 'close' }
);

/** The frame address's parameters that embed.js adds beside the options: which widget, on which page. */
export const FRAME_WIDGET_PARAM = 'widget';
export const FRAME_HOST_PARAM = 'host';
