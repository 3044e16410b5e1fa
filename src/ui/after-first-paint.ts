/**
 * Runs `work` once the page has painted: a frame callback runs just before the next paint, and a
 * task queued from it runs after. (A hidden page has no frames: it runs once the page is shown.)
 */
export function afterFirstPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work));
}
