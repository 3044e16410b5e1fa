/**
 * embed.js: the script a partner's page loads to show our booking flow (issue 26;
 * docs/embedding.md). It finds `[data-booking-widget]` (inline) and `[data-booking-widget-popup]` (a
 * button that opens a dialog), and gives each an iframe of our /embed/booking page with the
 * element's options in its address. Nothing more is loaded until an inline widget comes near the
 * viewport or a button is pressed. The frame reports its height and the flow's progress by
 * postMessage (src/lib/embed-messages.ts); they become the frame's size and DOM events on the
 * element. Kept small (at most 3 KB gzip): no framework, no polyfills.
 */
import { EMBED_ATTRIBUTES, EMBED_FRAME_PATH, type EmbedOption, type EmbedOptions, embedFrameQuery, RESERVED_HEIGHT_PX } from '../lib/embed-options.ts';
import { FRAME_HOST_PARAM, FRAME_WIDGET_PARAM, type WidgetMessage } from '../lib/embed-messages.ts';

const site = new URL((document.currentScript as HTMLScriptElement | null)?.src ?? location.href).origin;
const widgets = new Map<string, { element: HTMLElement; frame: HTMLIFrameElement; close?: () => void }>();

function frameFor(element: HTMLElement, close?: () => void): HTMLIFrameElement {
  const options: EmbedOptions = {};
  for (const name of Object.keys(EMBED_ATTRIBUTES) as EmbedOption[]) {
    const value = element.getAttribute(EMBED_ATTRIBUTES[name]);
    // `inherit`: the host page's own font, read where the widget sits.
    if (value) (options as Record<string, string>)[name] = name === 'font' && value === 'inherit' ? getComputedStyle(element).fontFamily : value;
  }
  const id = String(widgets.size + 1);
  const frame = document.createElement('iframe');
  frame.src = `${site}${EMBED_FRAME_PATH}?${embedFrameQuery(options)}&${FRAME_WIDGET_PARAM}=${id}&${FRAME_HOST_PARAM}=${encodeURIComponent(location.origin)}`;
  frame.title = 'Book a tutoring session';
  frame.allow = 'payment';
  frame.style.cssText = `display:block;width:100%;border:0;height:${RESERVED_HEIGHT_PX}px`;
  widgets.set(id, { element, frame, close });
  return frame;
}

function inline(element: HTMLElement): void {
  // The snippet holds the height from the first paint; a partner who left its style out gets it now.
  element.style.minHeight ||= `${RESERVED_HEIGHT_PX}px`;
  const seen = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      seen.disconnect();
      element.append(frameFor(element));
    },
    { rootMargin: '400px' },
  );
  seen.observe(element);
}

function popup(button: HTMLElement): void {
  let dialog: HTMLDialogElement | undefined;
  button.addEventListener('click', () => {
    if (!dialog) {
      dialog = document.createElement('dialog');
      dialog.setAttribute('aria-label', 'Book a tutoring session');
      // Held at the top of the viewport, not centred: the frame's height follows its steps (a list
      // that loads, a form), and a centred dialog would move everything in it with each change,
      // out from under the pointer that was about to press a button.
      dialog.style.cssText = 'width:min(40rem,100vw - 1rem);max-width:none;max-height:calc(100dvh - 1rem);margin:0.5rem auto auto;padding:0;border:0;border-radius:12px;overflow:auto';
      const closeButton = document.createElement('button');
      closeButton.type = 'button';
      closeButton.textContent = '×';
      closeButton.setAttribute('aria-label', 'Close');
      closeButton.style.cssText = 'position:sticky;top:0;float:right;z-index:1;font:24px/1 sans-serif;padding:8px 12px;border:0;background:#fff;cursor:pointer';
      const shown = dialog;
      closeButton.onclick = () => shown.close();
      // Focus goes back to the button that opened it, whichever way it closed.
      shown.addEventListener('close', () => button.focus());
      shown.append(closeButton, frameFor(button, () => shown.close()));
      document.body.append(shown);
    }
    dialog.showModal();
    dialog.querySelector('iframe')?.focus();
  });
}

addEventListener('message', (event: MessageEvent<WidgetMessage>) => {
  const message = event.data;
  if (event.origin !== site || message?.widget !== 'booking') return;
  const widget = widgets.get(message.id);
  if (!widget || event.source !== widget.frame.contentWindow) return;
  const emit = (name: string, detail: object) => widget.element.dispatchEvent(new CustomEvent(name, { detail, bubbles: true }));
  if (message.kind === 'height') widget.frame.style.height = `${message.height}px`;
  else if (message.kind === 'close') widget.close?.();
  else if (message.kind === 'step') emit('booking:step', { step: message.step });
  else if (message.kind === 'booked') emit('booking:booked', { course: message.course, start: message.start, frequency: message.frequency });
  else emit('booking:error', { error: message.error });
});

function start(): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-booking-widget],[data-booking-widget-popup]')) {
    if (element.dataset.bookingWidgetReady) continue;
    element.dataset.bookingWidgetReady = '1';
    if (element.hasAttribute('data-booking-widget')) inline(element);
    else popup(element);
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
