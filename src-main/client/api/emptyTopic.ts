// Zulip 10 (feature level 334): reads that carry topics name the empty topic
// "" only when asked to, as register's empty_topic_name capability does for
// events; otherwise the organization's name for it comes as a topic's name.
export const emptyTopicNameSince = 334;

/** The parameter that asks a read for the empty topic as "", where the server knows it. */
export const emptyTopic = (featureLevel: () => number) =>
  featureLevel() >= emptyTopicNameSince ? { allow_empty_topic_name: true } : {};
