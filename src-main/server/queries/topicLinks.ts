import type { TopicLink } from '../../wire/linkifiers';
import { cached } from '../cached';
import { webLinkAt } from '../markdown/render';
import { topicLinks } from '../markdown/topicLinks';
import type { Sql } from '../store/sql';
import { storeLookups } from './markdownLookups';

/**
 * Zulip's topic_links for the topics of one answer, with the organization's
 * linkifiers as they are now (Zulip computes them when it builds a
 * message's dictionary), each topic worked out once.
 */
export function topicLinker(sql: Sql): (topic: string) => TopicLink[] {
  const linkifiers = storeLookups(sql).linkifiers();
  const byTopic = new Map<string, TopicLink[]>();
  return (topic) =>
    linkifiers.length === 0 && !/[.:/]/.test(topic)
      ? []
      : cached(byTopic, topic, () => topicLinks(topic, linkifiers, webLinkAt));
}
