import type { Subscription } from '../wire';

/** The per-stream notification flags a subscription may leave to the user's global setting. */
export type StreamNotificationFlag =
  'desktop_notifications' | 'audible_notifications' | 'push_notifications' | 'email_notifications';

export type GlobalStreamSettings = Partial<
  Record<`enable_stream_${'desktop' | 'audible' | 'push' | 'email'}_notifications`, unknown>
>;

const globalSettingOf = {
  desktop_notifications: 'enable_stream_desktop_notifications',
  audible_notifications: 'enable_stream_audible_notifications',
  push_notifications: 'enable_stream_push_notifications',
  email_notifications: 'enable_stream_email_notifications',
} as const satisfies Record<StreamNotificationFlag, keyof GlobalStreamSettings>;

/**
 * Whether a stream's messages get this kind of notification. Zulip 7.0's
 * register state sends null for "as the global setting"; a server following
 * the interface spec sends the resolved boolean. Both read the same here.
 */
export function streamNotifies(
  subscription: Partial<Pick<Subscription, StreamNotificationFlag>>,
  flag: StreamNotificationFlag,
  globalSettings: GlobalStreamSettings,
): boolean {
  return subscription[flag] ?? globalSettings[globalSettingOf[flag]] === true;
}
