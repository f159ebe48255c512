import type { SidebarStream } from '../../../src-preload/bridge';

/** The streams as Zulip's sidebar lists them: pinned first, otherwise in main's order. */
export function sidebarOrder(streams: readonly SidebarStream[]): SidebarStream[] {
  return [
    ...streams.filter((stream) => stream.pinned),
    ...streams.filter((stream) => !stream.pinned),
  ];
}
