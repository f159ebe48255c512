import { z } from 'zod';
import { optional } from '../http/params';
import {
  branchWanted,
  changeMessage,
  commitCommentMessage,
  EMPTY_SHA,
  pushCommitsMessage,
  pushTagMessage,
  removeBranchMessage,
  topicWithBranch,
  topicWithNumber,
  type Change,
} from './git';
import { integration, UnsupportedEventError } from './integration';
import type { Payload } from './payload';

interface Context {
  payload: Payload;
  withTitle: boolean;
  useMergeRequestTitle: boolean;
}

type Handler = (context: Context) => { topic: string; content: string };

const repoName = (payload: Payload) =>
  payload.has('project')
    ? payload.get('project').str('name')
    : payload.get('repository').str('name');
const homepage = (payload: Payload) =>
  payload.has('project')
    ? payload.get('project').str('web_url')
    : payload.get('repository').str('homepage');
const branchOf = (payload: Payload) => payload.str('ref').replace('refs/heads/', '');
// Push events name the pusher by `user_name`; the others carry a `user`.
const actor = (payload: Payload) => payload.get('user').str('name');
const attributes = (payload: Payload) => payload.get('object_attributes');

function assigneeNames(payload: Payload): string[] {
  const many = payload.optional('assignees');
  if (many?.truthy) return many.list().map((assignee) => assignee.str('name'));
  const one = payload.optional('assignee');
  return one?.truthy ? [one.str('name')] : [];
}

const issueTopic = (payload: Payload, issue: Payload) =>
  topicWithNumber(repoName(payload), 'issue', issue.get('iid').int(), issue.str('title'));

function mergeRequestTopic({ payload, useMergeRequestTitle }: Context, request: Payload): string {
  const title = useMergeRequestTitle ? request.str('title') : '';
  return topicWithNumber(repoName(payload), 'MR', request.get('iid').int(), title).trimEnd();
}

function push({ payload }: Context) {
  const branch = branchOf(payload);
  const topic = topicWithBranch(repoName(payload), branch);
  if (payload.optional('after')?.string() === EMPTY_SHA) {
    return { topic, content: removeBranchMessage(payload.str('user_name'), branch) };
  }
  const commits = payload
    .get('commits')
    .list()
    .map((commit) => ({
      name: commit.get('author').str('name'),
      sha: commit.str('id'),
      message: commit.str('message'),
      url: commit.str('url'),
    }));
  const compareUrl = `${homepage(payload)}/-/compare/${payload.str('before')}...${payload.str('after')}`;
  return {
    topic,
    content: pushCommitsMessage({ user: payload.str('user_name'), compareUrl, branch, commits }),
  };
}

function tagPush({ payload }: Context) {
  const tag = payload.str('ref').replace('refs/tags/', '');
  const action = payload.optional('checkout_sha')?.truthy ? 'pushed' : 'removed';
  return {
    topic: repoName(payload),
    content: pushTagMessage(payload.str('user_name'), tag, action),
  };
}

/** Who did what to which issue or merge request, as every GitLab event about one starts. */
function changeTo(target: Payload, type: 'issue' | 'MR', action: string, context: Context): Change {
  return {
    user: actor(context.payload),
    action,
    url: target.str('url'),
    type,
    number: target.get('iid').int(),
    title: context.withTitle ? target.str('title') : undefined,
  };
}

function issue(action: string): Handler {
  return (context) => {
    const { payload } = context;
    const issueAttributes = attributes(payload);
    const change = changeTo(issueAttributes, 'issue', action, context);
    if (action === 'created') {
      // GitLab's templates leave hidden comments in descriptions.
      const description = issueAttributes.optional('description');
      change.message = description?.truthy
        ? description
            .string()
            .replace(/<!--[\s\S]*?-->/g, '')
            .trimEnd()
        : null;
      change.assignees = assigneeNames(payload);
    }
    return { topic: issueTopic(payload, issueAttributes), content: changeMessage(change) };
  };
}

function mergeRequest(action: string): Handler {
  return (context) => {
    const { payload } = context;
    const request = attributes(payload);
    const change = changeTo(request, 'MR', action, context);
    const addedCommits = action === 'updated' && request.optional('oldrev')?.truthy;
    if (addedCommits) change.action = 'added commit(s) to';
    else if (action === 'created' || action === 'updated') {
      if (action === 'created') {
        change.targetBranch = request.str('source_branch');
        change.baseBranch = request.str('target_branch');
      }
      change.message = request.get('description').nullableString();
      change.assignees = assigneeNames(payload);
    } else if (action === 'merged') {
      change.targetBranch = request.str('source_branch');
      change.baseBranch = request.str('target_branch');
    }
    return { topic: mergeRequestTopic(context, request), content: changeMessage(change) };
  };
}

function note(kind: 'MergeRequest' | 'Issue' | 'Commit'): Handler {
  return (context) => {
    const { payload } = context;
    const comment = attributes(payload);
    const action = `[commented](${comment.str('url')})`;
    if (kind === 'Commit') {
      const commit = payload.get('commit');
      return {
        topic: repoName(payload),
        content: commitCommentMessage(
          actor(payload),
          action,
          commit.str('url'),
          commit.str('id'),
          comment.str('note'),
        ),
      };
    }
    const target = payload.get(kind === 'Issue' ? 'issue' : 'merge_request');
    const content = changeMessage({
      ...changeTo(target, kind === 'Issue' ? 'issue' : 'MR', `${action} on`, context),
      message: comment.str('note'),
    });
    const topic =
      kind === 'Issue' ? issueTopic(payload, target) : mergeRequestTopic(context, target);
    return { topic, content };
  };
}

const handlers: Record<string, Handler> = {
  'Push Hook': push,
  'Tag Push Hook': tagPush,
  'Test Hook': ({ payload }) => ({
    topic: repoName(payload),
    content: `Webhook for **${repoName(payload)}** has been configured successfully! :tada:`,
  }),
  'Issue Hook open': issue('created'),
  'Issue Hook close': issue('closed'),
  'Issue Hook reopen': issue('reopened'),
  'Issue Hook update': issue('updated'),
  'Confidential Issue Hook open': issue('created'),
  'Confidential Issue Hook close': issue('closed'),
  'Confidential Issue Hook reopen': issue('reopened'),
  'Confidential Issue Hook update': issue('updated'),
  'Merge Request Hook open': mergeRequest('created'),
  'Merge Request Hook update': mergeRequest('updated'),
  'Merge Request Hook merge': mergeRequest('merged'),
  'Merge Request Hook close': mergeRequest('closed'),
  'Merge Request Hook reopen': mergeRequest('reopened'),
  'Merge Request Hook approved': mergeRequest('approved'),
  'Merge Request Hook unapproved': mergeRequest('unapproved'),
  'Note Hook MergeRequest': note('MergeRequest'),
  'Note Hook Issue': note('Issue'),
  'Confidential Note Hook Issue': note('Issue'),
  'Note Hook Commit': note('Commit'),
};

// Zulip's get_event: the header, refined by the action or the kind of note;
// a system hook names its event in the payload.
function eventName(header: string, payload: Payload): string {
  let event = header;
  if (event === 'System Hook') {
    const name = payload.has('event_name') ? payload.str('event_name') : payload.str('object_kind');
    const title = name
      .split('__')[0]
      ?.replace(/_/g, ' ')
      .replace(/\w\S*/g, (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
    event = `${title ?? ''} Hook`;
  }
  if (['Confidential Issue Hook', 'Issue Hook', 'Merge Request Hook'].includes(event)) {
    return `${event} ${attributes(payload).optional('action')?.string() ?? 'open'}`;
  }
  if (['Confidential Note Hook', 'Note Hook'].includes(event)) {
    return `${event} ${attributes(payload).str('noteable_type')}`;
  }
  return event;
}

export const gitlab = integration({
  urlName: 'gitlab',
  name: 'GitLab',
  params: {
    branches: optional('text', z.string()),
    use_merge_request_title: optional('json', z.boolean(), true),
  },
  handle: (call) => {
    const payload = call.payload();
    const event = eventName(call.eventHeader('X-Gitlab-Event'), payload);
    const handler = handlers[event];
    if (!handler) throw new UnsupportedEventError(event);
    if (event === 'Push Hook' && !branchWanted(branchOf(payload), call.options.branches)) return [];
    const withTitle = call.userTopic !== undefined;
    const { topic, content } = handler({
      payload,
      withTitle,
      useMergeRequestTitle: call.options.use_merge_request_title,
    });
    // A topic of the URL's own loses the project, so the message names it.
    const prefix = withTitle ? `[[${repoName(payload)}](${homepage(payload)})] ` : '';
    return [{ event, topic, content: prefix + content }];
  },
});
