/**
 * Runs `run` once the frame being drawn is painted, so that work the frame
 * does not need (counts, the title) never holds up a message drawn in it. A
 * hidden window draws no frames: there it runs at once, and so does work
 * still waiting when the window is hidden (minimized with a count to show).
 */
export function afterPaint(run: () => void): void {
  if (document.visibilityState === 'hidden') return run();
  let ran = false;
  const once = (): void => {
    if (ran) return;
    ran = true;
    document.removeEventListener('visibilitychange', once);
    run();
  };
  document.addEventListener('visibilitychange', once);
  requestAnimationFrame(() => setTimeout(once));
}
