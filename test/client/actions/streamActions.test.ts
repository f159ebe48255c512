import { describe, expect, it } from 'vitest';
import {
  StreamActions,
  type StreamActionsDeps,
} from '../../../src-main/client/actions/streamActions';
import type { InitialState } from '../../../src-main/wire/registerState';
import { zulipNotificationDefaults, type Subscription } from '../../../src-main/wire';

const kitchen: Subscription = {
  stream_id: 1,
  name: 'kitchen',
  description: '',
  invite_only: false,
  color: '#76ce90',
  is_muted: true,
  in_home_view: false,
  pin_to_top: false,
  desktop_notifications: null,
  audible_notifications: null,
  push_notifications: null,
  email_notifications: null,
  wildcard_mentions_notify: null,
};

/** Stream actions on a state, recording the requests they make instead of sending them. */
function actionsOn(state: InitialState): { actions: StreamActions; requests: unknown[][] } {
  const requests: unknown[][] = [];
  const record =
    (name: string) =>
    async (...args: unknown[]): Promise<void> => {
      requests.push([name, ...args]);
    };
  const deps: StreamActionsDeps = {
    cache: {
      subscriptions: () => [kitchen],
      subscription: (streamId) => (streamId === kitchen.stream_id ? kitchen : null),
    },
    api: () => ({
      subscribe: record('subscribe'),
      unsubscribe: record('unsubscribe'),
      setSubscriptionProperty: record('setSubscriptionProperty'),
      setTopicVisibility: record('setTopicVisibility'),
      setTopicMutedLegacy: record('setTopicMutedLegacy'),
    }),
    state: () => state,
    notificationSettings: () => zulipNotificationDefaults,
  };
  return { actions: new StreamActions(deps), requests };
}

describe('stream actions', () => {
  it("mutes with Zulip 7.0's user_topics, unmuting in a muted stream as 'unmuted'", async () => {
    const { actions, requests } = actionsOn({ subscriptions: [kitchen], user_topics: [] });
    await actions.setTopicMuted(1, 'lunch', true);
    await actions.setTopicMuted(1, 'lunch', false);
    expect(requests).toEqual([
      ['setTopicVisibility', 1, 'lunch', 1],
      ['setTopicVisibility', 1, 'lunch', 2],
    ]);
  });

  it('mutes through the older muted_topics endpoint on a server without user_topics', async () => {
    const { actions, requests } = actionsOn({ subscriptions: [kitchen], muted_topics: [] });
    await actions.setTopicMuted(1, 'lunch', true);
    await actions.setTopicMuted(1, 'lunch', false);
    expect(requests).toEqual([
      ['setTopicMutedLegacy', 1, 'lunch', true],
      ['setTopicMutedLegacy', 1, 'lunch', false],
    ]);
  });

  it("follows a topic as visibility_policy 3, and unfollows it back to the channel's muting", async () => {
    const { actions, requests } = actionsOn({
      zulip_feature_level: 219,
      subscriptions: [kitchen],
      user_topics: [],
    });
    await actions.setTopicFollowed(1, 'lunch', true);
    await actions.setTopicFollowed(1, 'lunch', false);
    expect(requests).toEqual([
      ['setTopicVisibility', 1, 'lunch', 3],
      ['setTopicVisibility', 1, 'lunch', 0],
    ]);
  });

  it('refuses to follow a topic on a server before followed topics (feature level 219)', async () => {
    const { actions, requests } = actionsOn({
      zulip_feature_level: 218,
      subscriptions: [kitchen],
      user_topics: [],
    });
    await expect(actions.setTopicFollowed(1, 'lunch', true)).rejects.toThrow(
      'This server does not let topics be followed.',
    );
    expect(requests).toEqual([]);
  });

  it('creates a stream by name with its description, privacy and announcement', async () => {
    const { actions, requests } = actionsOn({ subscriptions: [kitchen] });
    await actions.create({
      name: 'bakery',
      description: 'Bread',
      inviteOnly: true,
      announce: false,
    });
    await actions.create({ name: 'attic', description: '', inviteOnly: false, announce: true });
    expect(requests).toEqual([
      [
        'subscribe',
        [{ name: 'bakery', description: 'Bread' }],
        { inviteOnly: true, announce: false },
      ],
      ['subscribe', [{ name: 'attic' }], { inviteOnly: false, announce: true }],
    ]);
  });

  it('asks nothing of the server for a taken name or a stream it does not know', async () => {
    const { actions, requests } = actionsOn({ subscriptions: [kitchen] });
    await expect(
      actions.create({ name: 'Kitchen', description: '', inviteOnly: false, announce: true }),
    ).rejects.toThrow('A channel named #kitchen already exists.');
    await expect(actions.subscribe(99)).rejects.toThrow('That channel is not one you can see.');
    await expect(actions.unsubscribe(99)).rejects.toThrow(
      'You are not subscribed to that channel.',
    );
    expect(requests).toEqual([]);
  });
});
