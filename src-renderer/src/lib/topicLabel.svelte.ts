// What the empty topic is called in the account on screen (Zulip's
// realm_empty_topic_display_name): every place that names a topic reads it.
let emptyTopicName = $state('general chat');

export function setEmptyTopicName(name: string): void {
  emptyTopicName = name;
}

/** A topic as the window names it: the empty one ("") by the organization's name for it. */
export function topicLabel(topic: string): string {
  return topic === '' ? emptyTopicName : topic;
}
