import type { BrowserWindow, MenuItemConstructorOptions } from 'electron';
import type { HearthApp } from '../client/app/hearthApp';
import { mt } from '../i18n/mainText';
import { followPreference } from './followPreference';
import { defaultZoom, zoomedIn, zoomedOut } from '../wire/zoomSteps';

// The window's zoom is a preference, so that it outlives a restart: the menu,
// its shortcuts and Ctrl+wheel change the preference, and the window follows
// the preference, never Chromium's own zoom. The steps are in wire/zoomSteps.ts.

const zoomTo = (hearth: HearthApp, step: (factor: number) => number) => () =>
  void hearth.setPreferences({ zoomFactor: step(hearth.appState().preferences.zoomFactor) });

/** The View menu's zoom entries. */
export function zoomMenu(hearth: HearthApp): MenuItemConstructorOptions[] {
  const reset = zoomTo(hearth, () => defaultZoom);
  const zoomIn = zoomTo(hearth, zoomedIn);
  const zoomOut = zoomTo(hearth, zoomedOut);
  // An item has one shortcut: the others a keyboard offers (Shift+= typing
  // "+", the keypad) are hidden items doing the same.
  const alias = (accelerator: string, click: () => void): MenuItemConstructorOptions => ({
    accelerator,
    click,
    visible: false,
  });
  return [
    { label: mt('main.menu.resetZoom'), accelerator: 'CommandOrControl+0', click: reset },
    { label: mt('main.menu.zoomIn'), accelerator: 'CommandOrControl+=', click: zoomIn },
    { label: mt('main.menu.zoomOut'), accelerator: 'CommandOrControl+-', click: zoomOut },
    alias('CommandOrControl+num0', reset),
    alias('CommandOrControl+Plus', zoomIn),
    alias('CommandOrControl+numadd', zoomIn),
    alias('CommandOrControl+numsub', zoomOut),
  ];
}

/** Keeps the window at the preference's zoom; returns what stops it. */
export function followZoom(hearth: HearthApp, window: BrowserWindow): () => void {
  const contents = window.webContents;
  const apply = (factor: number) => contents.setZoomFactor(factor);
  // Chromium takes no zoom for a window that has not loaded yet: the
  // preference is set again whenever the window loads.
  contents.on('did-navigate', () => apply(hearth.appState().preferences.zoomFactor));
  // Electron leaves Ctrl+wheel to the app: it steps as the shortcuts do.
  contents.on('zoom-changed', (_event, direction) =>
    zoomTo(hearth, direction === 'in' ? zoomedIn : zoomedOut)(),
  );
  return followPreference(hearth, (state) => state.preferences.zoomFactor, apply);
}
