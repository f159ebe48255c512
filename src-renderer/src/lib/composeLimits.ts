import type { ComposeRules } from '../../../src-preload/bridge';

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

const count = (value: number): string => value.toLocaleString();

export function checkLength(
  content: string,
  topic: string | null,
  rules: ComposeRules,
): LengthCheck {
  const topicLength = topic === null ? 0 : [...topic.trim()].length;
  if (topicLength > rules.maxTopicLength) {
    return {
      tooLong: true,
      notice: `The topic is too long: ${count(topicLength)} characters, at most ${count(rules.maxTopicLength)}.`,
    };
  }
  const size = bytes.encode(content.trim()).length;
  if (size > rules.maxMessageBytes) {
    return {
      tooLong: true,
      notice: `The message is too long: ${count(size)} bytes, at most ${count(rules.maxMessageBytes)}.`,
    };
  }
  if (size > rules.maxMessageBytes * nearTheLimit) {
    return {
      tooLong: false,
      notice: `${count(rules.maxMessageBytes - size)} bytes left.`,
    };
  }
  return { tooLong: false, notice: null };
}
