import { describe, expect, it } from 'vitest';
import {
  defaultZoom,
  zoomChoices,
  zoomedIn,
  zoomedOut,
  zoomPercent,
  zoomSteps,
} from '../../src-main/wire/zoomSteps';

// Issue 57, point 4: Ctrl+= and Ctrl+- walk the same steps as a browser's
// menus, and Settings › Desktop lists them.
describe('the zoom steps', () => {
  it('walks from 100% up to 300% and down to 50% one step per press, as Chromium does', () => {
    const up = [defaultZoom];
    while (zoomedIn(up.at(-1) ?? 0) !== up.at(-1)) up.push(zoomedIn(up.at(-1) ?? 0));
    expect(up.map(zoomPercent)).toEqual([100, 110, 125, 150, 175, 200, 250, 300]);
    const down = [defaultZoom];
    while (zoomedOut(down.at(-1) ?? 0) !== down.at(-1)) down.push(zoomedOut(down.at(-1) ?? 0));
    expect(down.map(zoomPercent)).toEqual([100, 90, 80, 75, 67, 50]);
  });

  it('stays at the ends instead of leaving the range', () => {
    expect(zoomedIn(3)).toBe(3);
    expect(zoomedOut(0.5)).toBe(0.5);
  });

  it('takes a factor between two steps to the nearer step in the direction pressed', () => {
    // A hand-edited preferences file says 133%.
    expect(zoomedIn(1.33)).toBe(1.5);
    expect(zoomedOut(1.33)).toBe(1.25);
  });

  it('reads a factor Chromium hands back with rounding noise as the step it is on', () => {
    for (const noisy of [0.6699999, 0.6700000001]) {
      expect(zoomedIn(noisy)).toBe(0.75);
      expect(zoomedOut(noisy)).toBe(0.5);
    }
    expect(zoomChoices(1.1000000001)).toEqual(zoomSteps);
  });

  it('offers every step, and a factor between steps among them so the list shows what is in use', () => {
    expect(zoomChoices(1.5)).toEqual(zoomSteps);
    expect(zoomChoices(1.33).map(zoomPercent)).toEqual([
      50, 67, 75, 80, 90, 100, 110, 125, 133, 150, 175, 200, 250, 300,
    ]);
  });
});
