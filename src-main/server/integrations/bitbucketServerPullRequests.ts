import {
  actorLink,
  selfUrl,
  type ServerContext,
  type ServerHandler,
} from './bitbucketServerContext';
import { changeMessage, endSentence, topicWithNumber, type Change } from './git';
import type { Payload } from './payload';

// Bitbucket Server's pull request events, each in the topic of its pull request.

/** The reviewers, linked and listed as "a, b and c"; empty when there are none. */
function reviewerList(pr: Payload): string {
  const links = pr
    .get('reviewers')
    .list()
    .map((reviewer) => {
      const user = reviewer.get('user');
      return `[${user.str('name')}](${selfUrl(user)})`;
    });
  const last = links.pop();
  if (last === undefined) return '';
  return links.length === 0 ? last : `${links.join(', ')} and ${last}`;
}

/** What every pull request message starts from. */
function basics({ payload, withTitle }: ServerContext, action: string): Change {
  const pr = payload.get('pullRequest');
  return {
    user: actorLink(payload),
    action,
    url: selfUrl(pr),
    type: 'PR',
    number: pr.get('id').int(),
    title: withTitle ? pr.str('title') : undefined,
  };
}

/** "[PR #1](…)", or "[PR #1 Title](…)" when the URL named its own topic. */
function prLink(context: ServerContext): string {
  const pr = context.payload.get('pullRequest');
  const title = context.withTitle ? ` ${pr.str('title')}` : '';
  return `[PR #${pr.get('id').int()}${title}](${selfUrl(pr)})`;
}

function openedOrModified(action: string) {
  return (context: ServerContext): string => {
    const pr = context.payload.get('pullRequest');
    const opened = action === 'opened';
    const change: Change = {
      ...basics(context, action),
      message: pr.optional('description')?.string(),
      targetBranch: opened ? pr.get('fromRef').str('displayId') : undefined,
      baseBranch: opened ? pr.get('toRef').str('displayId') : undefined,
    };
    return changeMessage({ ...change, reviewers: reviewerList(pr) || undefined });
  };
}

function merged(context: ServerContext): string {
  const pr = context.payload.get('pullRequest');
  return changeMessage({
    ...basics(context, 'merged'),
    targetBranch: pr.get('fromRef').str('displayId'),
    baseBranch: pr.get('toRef').str('displayId'),
  });
}

const needsWork = (context: ServerContext): string =>
  `${actorLink(context.payload)} marked ${prLink(context)} as "needs work".`;

function reviewersUpdated(context: ServerContext): string {
  const reviewers = reviewerList(context.payload.get('pullRequest'));
  const user = actorLink(context.payload);
  if (reviewers) return `${user} reassigned ${prLink(context)} to ${reviewers}.`;
  const text = `${user} removed all reviewers from ${prLink(context)}`;
  // Zulip's full stop after a title is left out when the title has its own.
  return context.withTitle
    ? endSentence(text, context.payload.get('pullRequest').str('title'))
    : `${text}.`;
}

function comment(action: string) {
  return (context: ServerContext): string => {
    const text = context.payload.get('comment').str('text');
    const message = action === 'deleted their comment on' ? `~~${text}~~` : text;
    return changeMessage({ ...basics(context, action), message });
  };
}

const simple = (action: string) => (context: ServerContext) =>
  changeMessage(basics(context, action));

function inTopic(body: (context: ServerContext) => string): ServerHandler {
  return (context) => {
    const pr = context.payload.get('pullRequest');
    const repo = pr.get('toRef').get('repository').str('name');
    const topic = topicWithNumber(repo, 'PR', pr.get('id').int(), pr.str('title'));
    return [{ topic, content: body(context) }];
  };
}

export const pullRequestHandlers: Record<string, ServerHandler> = {
  'pr:comment:added': inTopic(comment('commented on')),
  'pr:comment:edited': inTopic(comment('edited their comment on')),
  'pr:comment:deleted': inTopic(comment('deleted their comment on')),
  'pr:declined': inTopic(simple('declined')),
  'pr:deleted': inTopic(simple('deleted')),
  'pr:merged': inTopic(merged),
  'pr:modified': inTopic(openedOrModified('modified')),
  'pr:opened': inTopic(openedOrModified('opened')),
  'pr:reviewer:approved': inTopic(simple('approved')),
  'pr:reviewer:needs_work': inTopic(needsWork),
  'pr:reviewer:updated': inTopic(reviewersUpdated),
  'pr:reviewer:unapproved': inTopic(simple('unapproved')),
};
