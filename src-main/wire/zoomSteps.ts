// The window's zoom as a factor (1 is 100%), in the steps Chromium's own
// menus take, so Ctrl+= and Ctrl+- land where they do in a browser. Main
// steps through them from the menu and the wheel; Settings › Desktop offers
// them as a list. Below half size or above three times the window is no
// longer usable, so those are the ends.
export const zoomSteps: readonly number[] = [
  0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3,
];
export const defaultZoom = 1;
export const smallestZoom = 0.5;
export const largestZoom = 3;

/** The factor as the whole percentage people read: 0.67 is 67. */
export const zoomPercent = (factor: number): number => Math.round(factor * 100);

// Factors people read as the same percentage are the same step: 0.67 as
// written and 0.6700000001 as Chromium hands it back.
const sameStep = (a: number, b: number): boolean => zoomPercent(a) === zoomPercent(b);

/** The step after `factor`; a factor between steps (a hand-edited file) goes to the next one up. */
export function zoomedIn(factor: number): number {
  return zoomSteps.find((step) => step > factor && !sameStep(step, factor)) ?? largestZoom;
}

/** The step before `factor`; a factor between steps goes to the next one down. */
export function zoomedOut(factor: number): number {
  return zoomSteps.findLast((step) => step < factor && !sameStep(step, factor)) ?? smallestZoom;
}

/** The steps to choose from, with `current` among them when it lies between two. */
export function zoomChoices(current: number): number[] {
  if (zoomSteps.some((step) => sameStep(step, current))) return [...zoomSteps];
  return [...zoomSteps, current].sort((a, b) => a - b);
}
