import type { ComposeRules } from '../../../src-preload/bridge';
import { t } from './i18n.svelte';

/** What the compose box says about the length of what is written, before sending. */
export interface LengthCheck {
  /** Sending is refused: the message or the topic is longer than the server takes. */
  tooLong: boolean;
  /** The sentence to show, or null while there is room enough. */
  notice: string | null;
}

const bytes = new TextEncoder();
// The count shows once most of the room is used, as Zulip's compose box does.
const nearTheLimit = 0.9;

export function checkLength(
  content: string,
  topic: string | null,
  rules: ComposeRules,
): LengthCheck {
  const topicLength = topic === null ? 0 : [...topic.trim()].length;
  if (topicLength > rules.maxTopicLength) {
    return {
      tooLong: true,
      notice: t('window.compose.topicTooLong', {
        length: topicLength,
        max: rules.maxTopicLength,
      }),
    };
  }
  const size = bytes.encode(content.trim()).length;
  if (size > rules.maxMessageBytes) {
    return {
      tooLong: true,
      notice: t('window.compose.messageTooLong', { size, max: rules.maxMessageBytes }),
    };
  }
  if (size > rules.maxMessageBytes * nearTheLimit) {
    return {
      tooLong: false,
      notice: t('window.compose.bytesLeft', { count: rules.maxMessageBytes - size }),
    };
  }
  return { tooLong: false, notice: null };
}
