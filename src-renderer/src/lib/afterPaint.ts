/**
 * Runs `run` once the frame being drawn is painted, so that work the frame
 * does not need (counts, the title) never holds up a message drawn in it. A
 * hidden window draws no frames: there it runs at once.
 */
export function afterPaint(run: () => void): void {
  if (document.visibilityState === 'hidden') return run();
  requestAnimationFrame(() => setTimeout(run));
}
