/**
 * Runs `work` once the page has painted: a frame callback runs just before the next paint, and a
 * task queued from it runs after. A hidden page paints nothing, so it runs at once there.
 */
export function afterFirstPaint(work: () => void): void {
  if (document.visibilityState === 'hidden') {
    setTimeout(work);
    return;
  }
  requestAnimationFrame(() => setTimeout(work));
}
