import { z } from 'zod';
import { optional } from '../http/params';
import { branchWanted, topicWithNumber } from './git';
import { repoName, type GitHubContext } from './githubContext';
import { isPullRequestComment, issueBodies, issuesEvent } from './githubIssues';
import { pullRequestBodies, pullRequestEvent } from './githubPullRequests';
import { branchOf, pushCommits, pushEvent, pushTags, pushTopic } from './githubPush';
import { repositoryBodies, teamEvent } from './githubRepository';
import { integration, UnsupportedEventError, type WebhookMessage } from './integration';
import {
  branchesOption,
  ignorePrivateRepositoriesOption,
  includeRepositoryNameOption,
} from './urlOptions';

// Zulip names each message by an event of its own, which is GitHub's
// X-GitHub-Event header refined by the payload (a PR opened or closed, a
// push of commits or of a tag); filters and topics go by that name.

const bodies: Record<string, (context: GitHubContext) => string> = {
  ...repositoryBodies,
  ...pullRequestBodies,
  ...issueBodies,
  push_commits: pushCommits,
  push_tags: pushTags,
};

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

/**
 * Zulip's event for the header and payload: null for one it passes over,
 * unsupported (with the payload's action) for one it does not know.
 */
function zulipEvent(header: string, context: GitHubContext, branches?: string): string | null {
  const { payload } = context;
  const action = payload.optional('action');
  const unknown = () =>
    new UnsupportedEventError(`${header}:${action?.truthy ? action.string() : '???'}`);
  switch (header) {
    case 'pull_request': {
      const event = pullRequestEvent(payload.str('action'));
      if (event === undefined) throw unknown();
      return event;
    }
    case 'pull_request_review':
      // GitHub follows a submitted review with an empty "edited" one.
      if (payload.str('action') === 'edited' && !payload.optional('changes')?.truthy) return null;
      return 'pull_request_review';
    case 'push': {
      const ref = payload.str('ref');
      const event = pushEvent(ref);
      if (event === 'push_commits' && !branchWanted(branchOf(ref), branches)) return null;
      return event;
    }
    case 'check_run':
      return payload.get('check_run').str('status') === 'completed' ? 'check_run' : null;
    case 'team':
      return teamEvent(context);
    case 'issues':
      return issuesEvent(context);
    default:
      if (Object.hasOwn(bodies, header)) return header;
      if (ignoredEvents.has(header)) return null;
      throw unknown();
  }
}

function topicOf(event: string, context: GitHubContext): string {
  const { payload } = context;
  const repo = () => repoName(payload);
  if (event.includes('pull_request')) {
    const pr = payload.get('pull_request');
    return topicWithNumber(repo(), 'PR', pr.get('number').int(), pr.str('title'));
  }
  if (event.startsWith('issue')) {
    const issue = payload.get('issue');
    const type = isPullRequestComment(context) ? 'PR' : 'issue';
    return topicWithNumber(repo(), type, issue.get('number').int(), issue.str('title'));
  }
  if (event.startsWith('deployment')) {
    return `${repo()} / Deployment on ${payload.get('deployment').str('environment')}`;
  }
  if (event.startsWith('discussion')) {
    const discussion = payload.get('discussion');
    return `${repo()} discussion #${discussion.get('number').int()}: ${discussion.str('title')}`;
  }
  switch (event) {
    case 'membership':
      return `${payload.get('organization').str('login')} organization`;
    case 'team':
      return `team ${payload.get('team').str('name')}`;
    case 'push_commits':
      return pushTopic(context);
    case 'gollum':
      return `${repo()} / wiki pages`;
    case 'check_run':
      return `${repo()} / checks`;
    case 'ping':
      // An organization's webhook has no repository.
      return payload.optional('repository')?.truthy
        ? repo()
        : payload.get('organization').str('login');
    default:
      return repo();
  }
}

/** GitHub reports a comment edit that left the text as it was; Zulip passes it over. */
function unchangedCommentEdit(header: string, context: GitHubContext): boolean {
  const { payload } = context;
  if (!header.includes('comment') || header.includes('discussion')) return false;
  if (payload.optional('action')?.string() !== 'edited') return false;
  const before = payload.get('changes').get('body').str('from');
  return before === payload.get('comment').str('body');
}

const EVENT_TYPES = [
  'commit_comment',
  'closed_pull_request',
  'create',
  'check_run',
  'delete',
  'deployment',
  'deployment_status',
  'discussion',
  'discussion_comment',
  'fork',
  'gollum',
  'issue_comment',
  'issue_labeled_or_unlabeled',
  'issue_milestoned_or_demilestoned',
  'issues_opened_via_transfer',
  'issues_transferred',
  'issues',
  'member',
  'membership',
  'opened_pull_request',
  'updated_pull_request',
  'assigned_or_unassigned_pull_request',
  'page_build',
  'ping',
  'public',
  'pull_request_ready_for_review',
  'pull_request_review',
  'pull_request_review_comment',
  'pull_request_review_requested',
  'pull_request_auto_merge',
  'locked_or_unlocked_pull_request',
  'push_commits',
  'push_tags',
  'release',
  'repository',
  'star',
  'status',
  'team',
  'team_add',
  'watch',
  'cancelled',
  'created',
  'edited',
  'pending_cancellation',
  'pending_tier_change',
  'tier_changed',
];

export const github = integration({
  urlName: 'github',
  name: 'GitHub',
  displayName: 'GitHub',
  allEventTypes: EVENT_TYPES,
  urlOptions: [branchesOption, ignorePrivateRepositoriesOption, includeRepositoryNameOption],
  params: {
    branches: optional('text', z.string()),
    ignore_private_repositories: optional('json', z.boolean(), false),
    include_repository_name: optional('json', z.boolean(), false),
  },
  handle: (call): WebhookMessage[] => {
    const payload = call.payload();
    const header = call.eventHeader('X-GitHub-Event');
    const repository = payload.optional('repository');
    if (call.options.ignore_private_repositories && repository?.optional('private')?.bool()) {
      return [];
    }
    const context: GitHubContext = {
      payload,
      withTitle: call.userTopic !== undefined,
      withRepositoryName: call.options.include_repository_name,
    };
    if (unchangedCommentEdit(header, context)) return [];
    const event = zulipEvent(header, context, call.options.branches);
    if (event === null) return [];
    const body = bodies[event];
    if (!body) throw new UnsupportedEventError(event);
    return [{ event, topic: topicOf(event, context), content: body(context) }];
  },
});
