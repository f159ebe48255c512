import { describe, expect, it } from 'vitest';
import type { InitialState } from '../../src-main/wire/registerState';
import {
  emptyTopicNameOf,
  topicDisplayName,
  topicsPolicyOf,
} from '../../src-main/permissions/topicsPolicy';
import { channelsById } from '../../src-main/registerReads/channelsById';

// The policy of a channel the state holds, found as the snapshot finds it.
const policyIn = (state: InitialState | null, streamId: number) =>
  topicsPolicyOf(state, state ? channelsById(state).get(streamId) : undefined);

const channel = (streamId: number, topicsPolicy?: string) =>
  ({ stream_id: streamId, name: `c${streamId}`, topics_policy: topicsPolicy }) as never;

function server(level: number, realm: Record<string, unknown>): InitialState {
  return {
    zulip_feature_level: level,
    subscriptions: [
      channel(1, 'inherit'),
      channel(2, 'empty_topic_only'),
      channel(3, 'disable_empty_topic'),
      channel(4, 'allow_empty_topic'),
    ],
    ...realm,
  };
}

describe('the empty topic', () => {
  it('is named as the organization names it, or "general chat"', () => {
    expect(emptyTopicNameOf({ realm_empty_topic_display_name: 'chit-chat' })).toBe('chit-chat');
    expect(emptyTopicNameOf({})).toBe('general chat');
    expect(emptyTopicNameOf(null)).toBe('general chat');
    expect(topicDisplayName('', 'chit-chat')).toBe('chit-chat');
    expect(topicDisplayName('soup', 'chit-chat')).toBe('soup');
  });

  it('is refused by every channel of a server before Zulip 10, Hearth hosts among them', () => {
    const hearth = server(185, { realm_mandatory_topics: false });
    expect([1, 2, 3, 4].map((id) => policyIn(hearth, id))).toEqual([
      'disable_empty_topic',
      'disable_empty_topic',
      'disable_empty_topic',
      'disable_empty_topic',
    ]);
    expect(policyIn(null, 1)).toBe('disable_empty_topic');
  });

  it('follows realm_mandatory_topics on Zulip 10, whatever a channel says', () => {
    const optional = server(340, { realm_mandatory_topics: false });
    expect([1, 2, 3].map((id) => policyIn(optional, id))).toEqual([
      'allow_empty_topic',
      'allow_empty_topic',
      'allow_empty_topic',
    ]);
    const mandatory = server(340, { realm_mandatory_topics: true });
    expect(policyIn(mandatory, 4)).toBe('disable_empty_topic');
  });

  it('follows each channel’s topics_policy from Zulip 11, the organization’s where it inherits', () => {
    const zulip11 = server(440, { realm_topics_policy: 'disable_empty_topic' });
    expect([1, 2, 3, 4, 99].map((id) => policyIn(zulip11, id))).toEqual([
      'disable_empty_topic',
      'empty_topic_only',
      'disable_empty_topic',
      'allow_empty_topic',
      'disable_empty_topic',
    ]);
    const open = server(440, { realm_topics_policy: 'allow_empty_topic' });
    expect(policyIn(open, 1)).toBe('allow_empty_topic');
  });
});
