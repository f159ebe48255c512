import { changeMessage, commitCommentMessage, quote, topicWithNumber, type Change } from './git';
import {
  actor,
  attributes,
  homepage,
  repoName,
  type GitLabContext,
  type GitLabHandler,
} from './gitlabContext';
import type { Payload } from './payload';

function assigneeNames(payload: Payload): string[] {
  const many = payload.optional('assignees');
  if (many?.truthy) return many.list().map((assignee) => assignee.str('name'));
  const one = payload.optional('assignee');
  return one?.truthy ? [one.str('name')] : [];
}

const issueTopic = (payload: Payload, issue: Payload) =>
  topicWithNumber(repoName(payload), 'issue', issue.get('iid').int(), issue.str('title'));

function mergeRequestTopic({ payload, useMergeRequestTitle }: GitLabContext, request: Payload) {
  const title = useMergeRequestTitle ? request.str('title') : '';
  return topicWithNumber(repoName(payload), 'MR', request.get('iid').int(), title).trimEnd();
}

/** Who did what to which issue or merge request, as every GitLab event about one starts. */
function changeTo(
  target: Payload,
  type: 'issue' | 'MR',
  action: string,
  context: GitLabContext,
): Change {
  return {
    user: actor(context.payload),
    action,
    url: target.str('url'),
    type,
    number: target.get('iid').int(),
    title: context.withTitle ? target.str('title') : undefined,
  };
}

export function issue(action: string): GitLabHandler {
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

// Approvals by one of several required approvers, in Zulip's words.
const mergeRequestVerbs: Record<string, string> = {
  approval: 'added their approval for',
  unapproval: 'removed their approval for',
};

export function mergeRequest(action: string): GitLabHandler {
  return (context) => {
    const { payload } = context;
    const request = attributes(payload);
    const change = changeTo(request, 'MR', mergeRequestVerbs[action] ?? action, context);
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

const commentedAction = (comment: Payload) => `[commented](${comment.str('url')})`;

export const commitNote: GitLabHandler = ({ payload }) => {
  const commit = payload.get('commit');
  const comment = attributes(payload);
  return {
    topic: repoName(payload),
    content: commitCommentMessage(
      actor(payload),
      commentedAction(comment),
      commit.str('url'),
      commit.str('id'),
      comment.str('note'),
    ),
  };
};

function changeNote(kind: 'issue' | 'MR'): GitLabHandler {
  return (context) => {
    const { payload } = context;
    const comment = attributes(payload);
    const target = payload.get(kind === 'issue' ? 'issue' : 'merge_request');
    const content = changeMessage({
      ...changeTo(target, kind, `${commentedAction(comment)} on`, context),
      message: comment.str('note'),
    });
    const topic =
      kind === 'issue' ? issueTopic(payload, target) : mergeRequestTopic(context, target);
    return { topic, content };
  };
}

export const snippetNote: GitLabHandler = ({ payload, withTitle }) => {
  const comment = attributes(payload);
  const snippet = payload.get('snippet');
  const id = snippet.get('id').int();
  // GitLab sends the snippet's own URL only since 16.1.
  const url = snippet.has('url') ? snippet.str('url') : `${homepage(payload)}/-/snippets/${id}`;
  const content = changeMessage({
    user: actor(payload),
    action: `${commentedAction(comment)} on`,
    url,
    type: 'snippet',
    number: id,
    title: withTitle ? snippet.str('title') : undefined,
    message: comment.str('note'),
  });
  return {
    topic: topicWithNumber(repoName(payload), 'snippet', id, snippet.str('title')),
    content,
  };
};

// A design's note names neither its issue nor its page: both are read from the
// design's path, "designs/issue-<number>/<file name>".
export const designNote: GitLabHandler = ({ payload }) => {
  const comment = attributes(payload);
  const path = comment.get('position').get('new_path');
  const [, issuePart, name, ...rest] = path.string().split('/');
  if (issuePart === undefined || name === undefined || rest.length > 0) {
    throw path.invalid('is not a design path');
  }
  const issueNumber = issuePart.split('-').at(-1) ?? '';
  const repositoryUrl = payload.get('repository').str('homepage');
  const designUrl = `${repositoryUrl}/-/issues/${issueNumber}/designs/${name}`;
  const commentUrl = `${designUrl}#note_${comment.get('id').int()}`;
  return {
    topic: `${repoName(payload)} / design ${name}`,
    content:
      `${actor(payload)} [commented](${commentUrl}) on design [${name}](${designUrl}):\n` +
      quote(comment.str('note')),
  };
};

export const issueNote = changeNote('issue');
export const mergeRequestNote = changeNote('MR');
