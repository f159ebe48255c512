import type { NotificationPage, NotificationSettings } from '../../../src-preload/bridge';
import {
  defaultSound,
  soundPath,
  soundToPlay,
  zulipNotificationDefaults,
  type Subscription,
} from '../../wire';
import type { InitialState } from '../../wire/registerState';
import { featureLevelOf } from '../../permissions/rolePolicies';
import { mt } from '../../i18n/mainText';
import type { Api } from '../api';
import type { Cache } from '../cache/accountCache';
import type { UnreadCounts } from '../cache/unreads';
import { accountBadge, iconCountChoices } from '../notify/badge';
import {
  availableSoundsOf,
  followedTopicSettingsOf,
  notificationSettingsOf,
} from '../notify/settings';
import { zulipFolderGroupingPatch, type FolderGroupingPatch } from '../views/channelFolders';
import { zulipDisplayPatch, type DisplayPatch } from '../views/displaySettings';

export interface OwnSettingsDeps {
  cache: Pick<Cache, 'subscription'>;
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<Api, 'updateSettings' | 'setSubscriptionProperty' | 'regenerateOwnApiKey'>;
  /** The register state as events keep it, or as the cache saved it while signed out. */
  state: () => InitialState | null;
}

/**
 * The reader's own settings, as the server last said them, and their
 * changes: the server's events then bring each change back.
 */
export class OwnSettings {
  constructor(private readonly deps: OwnSettingsDeps) {}

  /** The notification and badge settings, as the server last said; Zulip's defaults before it has. */
  notificationSettings(): NotificationSettings {
    const state = this.deps.state();
    return state ? notificationSettingsOf(state) : zulipNotificationDefaults;
  }

  /** The notification settings page: the global settings, the sounds, each stream's own. */
  notificationPage(
    /** The subscriptions to channels that still take messages. */
    subscriptions: readonly Subscription[],
  ): NotificationPage {
    const state = this.deps.state();
    return {
      settings: { ...this.notificationSettings(), ...followedTopicSettingsOf(state) },
      badgeChoices: [...iconCountChoices(featureLevelOf(state ?? {}))],
      sounds: (state ? availableSoundsOf(state) : []).map((name) => ({
        name,
        path: soundPath(soundToPlay(name) ?? defaultSound),
      })),
      streams: subscriptions
        .map((subscription) => ({
          streamId: subscription.stream_id,
          name: subscription.name,
          color: subscription.color,
          muted: subscription.is_muted,
          desktop: subscription.desktop_notifications ?? null,
          audible: subscription.audible_notifications ?? null,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }

  /** This account's share of the badge, by its desktop_icon_count_display. */
  badge(counts: UnreadCounts): number {
    return accountBadge({
      total: counts.total,
      dmsAndMentions: counts.dmsAndMentions,
      dmsMentionsAndFollowed: counts.dmsMentionsAndFollowed,
      display: this.notificationSettings().desktop_icon_count_display,
      featureLevel: featureLevelOf(this.deps.state() ?? {}),
    });
  }

  async changeNotificationSettings(patch: {
    [K in keyof NotificationSettings]?: NotificationSettings[K] | undefined;
  }): Promise<void> {
    await this.deps.api().updateSettings(patch);
  }

  async changeStreamNotifications(
    streamId: number,
    property: 'desktop_notifications' | 'audible_notifications',
    value: boolean,
  ): Promise<void> {
    if (!this.deps.cache.subscription(streamId)) {
      throw new Error(mt('main.channels.notSubscribedTo', { id: String(streamId) }));
    }
    await this.deps.api().setSubscriptionProperty(streamId, property, value);
  }

  async setEnterSends(enterSends: boolean): Promise<void> {
    await this.deps.api().updateSettings({ enter_sends: enterSends });
  }

  async changeDisplaySettings(patch: DisplayPatch): Promise<void> {
    const featureLevel = featureLevelOf(this.deps.state() ?? {});
    await this.deps.api().updateSettings(zulipDisplayPatch(patch, featureLevel));
  }

  async changeFolderGrouping(patch: FolderGroupingPatch): Promise<void> {
    await this.deps.api().updateSettings(zulipFolderGroupingPatch(patch));
  }

  async changeFullName(fullName: string): Promise<void> {
    await this.deps.api().updateSettings({ full_name: fullName });
  }

  /** Zulip's password change: the old password, then the new one; the key stays. */
  async changePassword(oldPassword: string, newPassword: string): Promise<void> {
    await this.deps.api().updateSettings({
      old_password: oldPassword,
      new_password: newPassword,
    });
  }

  /** A new API key from the server; the old one stops working at once. */
  async regenerateApiKey(): Promise<string> {
    return this.deps.api().regenerateOwnApiKey();
  }
}
