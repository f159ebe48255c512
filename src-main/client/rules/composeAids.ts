import { maxUploadBytes, type ComposeRules, type EmojiChoice } from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { featureLevelOf, zulip7FeatureLevel } from '../../permissions/rolePolicies';
import { emptyTopicNameOf } from '../../permissions/topicsPolicy';
import { emojiGlyph, unicodeEmoji } from '../../wire/emojiData';
import { mt } from '../../i18n/mainText';
import { customEmojiOf, unicodeNamesOf, type UnicodeNames } from '../actions/reactions';
import { maxUploadBytesOf } from '../actions/uploads';

// Zulip 7.0's limits, for a server that does not say its own.
const zulipLimits = { maxMessageBytes: 10_000, maxTopicLength: 60 };

const positive = (value: unknown, fallback: number): number =>
  typeof value === 'number' && value > 0 ? value : fallback;

/** The compose box's behaviour, from the register state; Zulip's defaults before any. */
export function composeRulesOf(state: InitialState | null): ComposeRules {
  // enter_sends moved into user_settings in Zulip 5.0; older servers send it at the top.
  const enterSends = state?.user_settings?.['enter_sends'] ?? state?.['enter_sends'];
  return {
    enterSends: enterSends === true,
    maxMessageBytes: positive(state?.['max_message_length'], zulipLimits.maxMessageBytes),
    maxTopicLength: positive(state?.['max_topic_length'], zulipLimits.maxTopicLength),
    maxUploadBytes: Math.min(maxUploadBytesOf(state) ?? maxUploadBytes, maxUploadBytes),
    emptyTopicName: emptyTopicNameOf(state),
    wildcards: wildcardsOf(state),
  };
}

// Zulip 8 (feature level 224) added @**topic**, Zulip 9 (247) @**channel**.
const topicWildcardSince = 224;
const channelWildcardSince = 247;

/** The mentions of everyone the server takes, as its web app offers them. */
export function wildcardsOf(state: InitialState | null): ComposeRules['wildcards'] {
  const level = state ? featureLevelOf(state) : zulip7FeatureLevel;
  const conversation = mt('main.wildcard.conversation');
  const channel = mt('main.wildcard.channel');
  return [
    { name: 'all', detail: conversation },
    { name: 'everyone', detail: conversation },
    ...(level >= channelWildcardSince ? [{ name: 'channel', detail: channel }] : []),
    { name: 'stream', detail: channel },
    ...(level >= topicWildcardSince ? [{ name: 'topic', detail: mt('main.wildcard.topic') }] : []),
  ];
}

/**
 * The emoji a message may name: the organization's own (from `realm_emoji`,
 * their pictures on its server), then the Unicode ones by the names the
 * server takes (see reactions.ts), by name.
 */
export function emojiChoices(
  state: InitialState | null,
  serverUrl: string,
  names: UnicodeNames = unicodeNamesOf(null),
): EmojiChoice[] {
  const realm = [...customEmojiOf(state, serverUrl).values()].map(({ name, url }) => ({
    name,
    glyph: null,
    url,
  }));
  const taken = new Set(realm.map((emoji) => emoji.name));
  const unicode = unicodeEmoji.flatMap((emoji) =>
    names(emoji.code)
      .filter((name) => !taken.has(name))
      .map((name) => ({ name, glyph: emojiGlyph(emoji.code), url: null })),
  );
  return [...realm, ...unicode].sort((a, b) => a.name.localeCompare(b.name));
}
