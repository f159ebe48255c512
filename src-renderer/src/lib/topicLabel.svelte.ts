import { t } from './i18n.svelte';

// What the empty topic is called in the account on screen (Zulip's
// realm_empty_topic_display_name): every place that names a topic reads it.
// Before any account says, it is Zulip's default, in the window's language.
let emptyTopicName = $state<string | null>(null);

export function setEmptyTopicName(name: string): void {
  emptyTopicName = name;
}

/** A topic as the window names it: the empty one ("") by the organization's name for it. */
export function topicLabel(topic: string): string {
  return topic === '' ? (emptyTopicName ?? t('window.narrow.generalChat')) : topic;
}
