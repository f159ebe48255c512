import { describe, expect, it } from 'vitest';
import { followedTopicsOf, followsTopics } from '../../../src-main/client/views/followedTopics';

const userTopics = [
  { stream_id: 1, topic_name: 'lunch', visibility_policy: 3, last_updated: 1 },
  { stream_id: 1, topic_name: 'dinner', visibility_policy: 1, last_updated: 1 },
  { stream_id: 2, topic_name: '', visibility_policy: 3, last_updated: 1 },
];

describe('followed topics', () => {
  it('lists the topics the reader follows, general chat included, and no muted one', () => {
    expect(followedTopicsOf({ zulip_feature_level: 498, user_topics: userTopics })).toEqual([
      { streamId: 1, topic: 'lunch' },
      { streamId: 2, topic: '' },
    ]);
  });

  it('offers following from feature level 219, where Zulip 8 brought it', () => {
    expect(followsTopics({ zulip_feature_level: 219 })).toBe(true);
    expect(followsTopics({ zulip_feature_level: 218 })).toBe(false);
    expect(followsTopics(null)).toBe(false);
  });

  it('says null, not none followed, for a server without followed topics', () => {
    expect(followedTopicsOf({ zulip_feature_level: 185, user_topics: userTopics })).toBeNull();
    expect(followedTopicsOf({ zulip_feature_level: 219 })).toEqual([]);
  });
});
