import { describe, expect, it, vi } from 'vitest';
import type { Notifier } from '../../src-main/client/ports/notifier';

// Electron cannot run here: this fake stands in for its Notification, app and
// nativeImage, to check what the adapter hands them.
const electron = vi.hoisted(() => {
  const shown: { options: { title: string; body: string; silent: boolean }; click(): void }[] = [];
  class Notification {
    static isSupported = () => true;
    readonly handlers = new Map<string, () => void>();
    constructor(readonly options: { title: string; body: string; silent: boolean }) {}
    on(event: string, handler: () => void) {
      this.handlers.set(event, handler);
      return this;
    }
    show() {
      shown.push({ options: this.options, click: () => this.handlers.get('click')?.() });
    }
  }
  return {
    shown,
    badges: [] as number[],
    Notification,
    app: { setBadgeCount: (count: number) => electron.badges.push(count) },
    nativeImage: { createFromBitmap: () => ({}) },
  };
});
vi.mock('electron', () => electron);

const { electronNotifier } = await import('../../src-main/desktop/electronNotifier');

describe('the Electron notifier', () => {
  it('shows silent notifications, hands sounds to the window, brings the window forward on a click and sets the badge', () => {
    const played: string[] = [];
    const page: Notifier = {
      show() {},
      play: (sound) => played.push(sound),
      badge() {},
      flash() {},
    };
    const window = { isMinimized: () => true, restore: vi.fn(), show: vi.fn(), focus: vi.fn() };
    const clicked: string[] = [];
    const notifier = electronNotifier({
      page,
      window: () => window as never,
      onClick: (id) => clicked.push(id),
    });
    notifier.show({ id: 'a1', accountId: 'office', title: 'Bob', body: 'lunch?' });
    expect(electron.shown.map((shown) => shown.options)).toEqual([
      { title: 'Bob', body: 'lunch?', silent: true },
    ]);
    notifier.play('knock');
    expect(played).toEqual(['knock']);
    electron.shown[0]?.click();
    expect(window.restore).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    expect(clicked).toEqual(['a1']);
    notifier.badge(4);
    expect(electron.badges).toEqual(process.platform === 'win32' ? [] : [4]);
  });
});
