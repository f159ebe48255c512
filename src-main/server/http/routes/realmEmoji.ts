import { z } from 'zod';
import {
  emojiNameOfPath,
  MAX_EMOJI_FILE_SIZE_MIB,
  removeRealmEmoji,
  uploadRealmEmoji,
} from '../../actions/realmEmoji';
import { realmEmojiDicts } from '../../shape/realmEmoji';
import { allRealmEmoji } from '../../store/realmEmoji';
import { userEndpoint } from '../endpoint';
import { required } from '../params';

const emojiName = required('text', z.string());

// Zulip's list_emoji: the list is public to everyone in the organization,
// guests included, deactivated emoji with the rest.
export const getRealmEmojiEndpoint = userEndpoint({
  method: 'GET',
  path: '/realm/emoji',
  params: {},
  handle: ({ services }) => ({ emoji: realmEmojiDicts(allRealmEmoji(services.sql)) }),
});

/** Zulip 7.0's POST /realm/emoji/{emoji_name}: one image file, in any field of a multipart form. */
export const uploadRealmEmojiEndpoint = userEndpoint({
  method: 'POST',
  path: '/realm/emoji/:emoji_name',
  params: { emoji_name: emojiName },
  maxFileBytes: MAX_EMOJI_FILE_SIZE_MIB * 1024 * 1024,
  handle: ({ services, user, params, files }) => {
    uploadRealmEmoji(services, user, emojiNameOfPath(params.emoji_name), files);
    return {};
  },
});

export const deleteRealmEmojiEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/realm/emoji/:emoji_name',
  params: { emoji_name: emojiName },
  handle: ({ services, user, params }) => {
    removeRealmEmoji(services, user, params.emoji_name);
    return {};
  },
});
