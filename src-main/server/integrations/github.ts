import { z } from 'zod';
import { optional } from '../http/params';
import {
  branchWanted,
  changeMessage,
  pushCommitsMessage,
  pushTagMessage,
  setupMessage,
  topicWithBranch,
  topicWithNumber,
  type Change,
} from './git';
import { integration, UnsupportedEventError, type WebhookMessage } from './integration';
import type { Payload } from './payload';

// Events GitHub sends that Zulip knowingly passes over.
const ignoredEvents = new Set([
  'check_suite',
  'label',
  'meta',
  'milestone',
  'organization',
  'project_card',
  'repository_vulnerability_alert',
]);
const ignoredPullRequestActions = new Set([
  'approved',
  'converted_to_draft',
  'labeled',
  'review_request_removed',
  'unlabeled',
]);

interface Context {
  payload: Payload;
  /** With a topic of their own in the URL, messages name the PR or issue in full. */
  withTitle: boolean;
}

const sender = (payload: Payload) => payload.get('sender').str('login');
const repoName = (payload: Payload) => payload.get('repository').str('name');
const branchOf = (ref: string) => ref.replace(/^refs\/heads\//, '');

function push({ payload }: Context, branches: string | undefined): WebhookMessage[] {
  const ref = payload.str('ref');
  if (!ref.startsWith('refs/heads/')) {
    const tag = ref.replace(/^refs\/tags\//, '');
    const action = payload.get('created').bool() ? 'pushed' : 'removed';
    return [
      {
        event: 'push_tags',
        topic: repoName(payload),
        content: pushTagMessage(sender(payload), tag, action),
      },
    ];
  }
  // Merge queues push to temporary branches that nobody follows.
  if (ref.startsWith('refs/heads/gh-readonly-queue/')) return [];
  const branch = branchOf(ref);
  if (!branchWanted(branch, branches)) return [];
  const commits = payload
    .get('commits')
    .list()
    .map((commit) => {
      const author = commit.get('author');
      const username = author.optional('username');
      return {
        name: username?.truthy ? username.string() : author.str('name'),
        sha: commit.str('id'),
        url: commit.str('url'),
        message: commit.str('message'),
      };
    });
  const content = pushCommitsMessage({
    user: sender(payload),
    compareUrl: payload.str('compare'),
    branch,
    commits,
    deleted: payload.get('deleted').bool(),
    forced: payload.get('forced').bool(),
  });
  return [{ event: 'push_commits', topic: topicWithBranch(repoName(payload), branch), content }];
}

function pullRequestChange({ payload, withTitle }: Context, change: Partial<Change>): string {
  const pr = payload.get('pull_request');
  return changeMessage({
    user: sender(payload),
    action: payload.str('action'),
    url: pr.str('html_url'),
    type: 'PR',
    number: pr.get('number').int(),
    title: withTitle ? pr.str('title') : undefined,
    ...change,
  });
}

function pullRequestBody(
  context: Context,
  action: string,
): { event: string; content: string } | null {
  const { payload, withTitle } = context;
  const pr = payload.get('pull_request');
  const link = (text: string) => `[${text}](${pr.str('html_url')})`;
  const number = pr.get('number').int();
  const prLabel = withTitle ? `PR #${number} ${pr.str('title')}` : `PR #${number}`;
  switch (action) {
    case 'opened':
    case 'reopened':
    case 'synchronize':
    case 'edited': {
      const assignee = pr.optional('assignee');
      const changes = payload.optional('changes');
      const described = action === 'opened' || Boolean(changes?.has('body'));
      return {
        event:
          action === 'opened' || action === 'reopened'
            ? 'opened_pull_request'
            : 'updated_pull_request',
        content: pullRequestChange(context, {
          action: action === 'synchronize' ? 'updated' : action,
          targetBranch: pr.get('head').str('ref'),
          baseBranch: pr.get('base').str('ref'),
          message: described ? pr.get('body').nullableString() : null,
          assignees: assignee?.truthy ? [assignee.str('login')] : [],
        }),
      };
    }
    case 'assigned':
    case 'unassigned': {
      const base = pullRequestChange(context, {});
      const assignee = pr.optional('assignee');
      return {
        event: 'assigned_or_unassigned_pull_request',
        content: assignee?.truthy
          ? `${base.replace(/\.$/, '')} to ${assignee.str('login')}.`
          : base,
      };
    }
    case 'closed':
      return {
        event: 'closed_pull_request',
        content: pullRequestChange(context, {
          action: pr.get('merged').bool() ? 'merged' : 'closed without merge',
        }),
      };
    case 'review_requested': {
      const reviewer = payload.has('requested_reviewer')
        ? payload.get('requested_reviewer')
        : payload.get('requested_team');
      const who = reviewer.has('login') ? reviewer.str('login') : reviewer.str('name');
      return {
        event: 'pull_request_review_requested',
        content: `**${sender(payload)}** requested [${who}](${reviewer.str('html_url')}) for a review on ${link(prLabel)}.`,
      };
    }
    case 'ready_for_review':
      return {
        event: 'pull_request_ready_for_review',
        content: `**${sender(payload)}** has marked ${link(`PR #${number}`)} as ready for review.`,
      };
    case 'locked':
      return {
        event: 'locked_or_unlocked_pull_request',
        content: `${sender(payload)} has locked ${link(`PR #${number}`)} as ${pr.optional('active_lock_reason')?.string() ?? 'None'} and limited conversation to collaborators.`,
      };
    case 'unlocked':
      return {
        event: 'locked_or_unlocked_pull_request',
        content: `${sender(payload)} has unlocked ${link(`PR #${number}`)}.`,
      };
    case 'auto_merge_enabled':
    case 'auto_merge_disabled':
      return {
        event: 'pull_request_auto_merge',
        content: `${sender(payload)} has ${action === 'auto_merge_enabled' ? 'enabled' : 'disabled'} auto merge for ${link(`PR #${number}`)}.`,
      };
    default:
      if (ignoredPullRequestActions.has(action)) return null;
      throw new UnsupportedEventError(`pull_request:${action}`);
  }
}

function pullRequest(context: Context): WebhookMessage[] {
  const { payload } = context;
  const body = pullRequestBody(context, payload.str('action'));
  if (!body) return [];
  const pr = payload.get('pull_request');
  const topic = topicWithNumber(repoName(payload), 'PR', pr.get('number').int(), pr.str('title'));
  return [{ ...body, topic }];
}

function issues(context: Context): WebhookMessage[] {
  const { payload, withTitle } = context;
  const issue = payload.get('issue');
  const action = payload.str('action');
  const number = issue.get('number').int();
  const title = withTitle ? issue.str('title') : undefined;
  const topic = topicWithNumber(repoName(payload), 'issue', number, issue.str('title'));
  if (action === 'labeled' || action === 'unlabeled') {
    const added = action === 'labeled';
    const label = payload.get('label').str('name');
    const target = `Issue #${number}${title === undefined ? '' : ` ${title}`}`;
    const who = `[${sender(payload)}](${payload.get('sender').str('html_url')})`;
    return [
      {
        event: 'issue_labeled_or_unlabeled',
        topic,
        content: `${who} ${added ? 'added' : 'removed'} the ${label} label ${added ? 'to' : 'from'} [${target}](${issue.str('html_url')}).`,
      },
    ];
  }
  const assignee = payload.optional('assignee');
  const content = changeMessage({
    user: sender(payload),
    action,
    url: issue.str('html_url'),
    type: 'issue',
    number,
    title,
    message:
      action === 'assigned' || action === 'unassigned' ? null : issue.get('body').nullableString(),
    assignees: assignee ? [assignee.str('login')] : [],
  });
  return [{ event: 'issues', topic, content }];
}

function issueComment(context: Context): WebhookMessage[] {
  const { payload, withTitle } = context;
  const comment = payload.get('comment');
  const issue = payload.get('issue');
  const action = payload.str('action');
  // GitHub reports an edit that left the text as it was; Zulip passes it over.
  if (action === 'edited') {
    const before = payload.get('changes').get('body').str('from');
    if (before === comment.str('body')) return [];
  }
  const type = issue.has('pull_request') ? 'PR' : 'issue';
  const verb =
    action === 'created'
      ? `[commented](${comment.str('html_url')}) on`
      : `${action} a [comment](${comment.str('html_url')}) on`;
  const number = issue.get('number').int();
  const content = changeMessage({
    user: sender(payload),
    action: verb,
    url: issue.str('html_url'),
    type,
    number,
    title: withTitle ? issue.str('title') : undefined,
    message: comment.str('body'),
  });
  const topic = topicWithNumber(repoName(payload), type, number, issue.str('title'));
  return [{ event: 'issue_comment', topic, content }];
}

function ping({ payload }: Context): WebhookMessage[] {
  const repository = payload.optional('repository');
  const topic = repository?.truthy
    ? repository.str('name')
    : payload.get('organization').str('login');
  return [{ event: 'ping', topic, content: setupMessage('GitHub', sender(payload)) }];
}

export const github = integration({
  urlName: 'github',
  name: 'GitHub',
  params: {
    branches: optional('text', z.string()),
    ignore_private_repositories: optional('json', z.boolean(), false),
  },
  handle: (call) => {
    const payload = call.payload();
    const event = call.eventHeader('X-GitHub-Event');
    const repository = payload.optional('repository');
    if (call.options.ignore_private_repositories && repository?.optional('private')?.bool()) {
      return [];
    }
    const context = { payload, withTitle: call.userTopic !== undefined };
    switch (event) {
      case 'ping':
        return ping(context);
      case 'push':
        return push(context, call.options.branches);
      case 'pull_request':
        return pullRequest(context);
      case 'issues':
        return issues(context);
      case 'issue_comment':
        return issueComment(context);
      default:
        if (ignoredEvents.has(event)) return [];
        throw new UnsupportedEventError(event);
    }
  },
});
