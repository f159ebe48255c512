import { actorName, htmlUrl, userName } from './bitbucketCloudContext';
import { changeMessage, commitCommentMessage, endSentence, shortSha } from './git';
import type { Payload } from './payload';

// The message of each Bitbucket Cloud event other than a push, by Zulip's
// name for the event.

type Body = (payload: Payload, withTitle: boolean) => string;

const titleOf = (item: Payload, withTitle: boolean): string | undefined =>
  withTitle ? item.str('title') : undefined;

function issueBody(action: string): Body {
  return (payload, withTitle) => {
    const issue = payload.get('issue');
    // Only a new issue's message carries its assignee and text.
    const created = action === 'created';
    const assignee = created ? issue.get('assignee') : undefined;
    return changeMessage({
      user: actorName(payload),
      action,
      url: htmlUrl(issue),
      type: 'issue',
      number: issue.get('id').int(),
      title: titleOf(issue, withTitle),
      message: created ? issue.get('content').str('raw') : undefined,
      assignees: assignee?.truthy ? [userName(assignee)] : [],
    });
  };
}

/** What every pull request's message names: who did what, to which PR. */
function pullRequestHead(payload: Payload, action: string, withTitle: boolean) {
  const pr = payload.get('pullrequest');
  return {
    user: actorName(payload),
    action,
    url: htmlUrl(pr),
    type: 'PR',
    number: pr.get('id').int(),
    title: titleOf(pr, withTitle),
  };
}

const branchesOf = (pr: Payload) => ({
  targetBranch: pr.get('source').get('branch').str('name'),
  baseBranch: pr.get('destination').get('branch').str('name'),
});

function pullRequestBody(action: string): Body {
  return (payload, withTitle) =>
    changeMessage({
      ...pullRequestHead(payload, action, withTitle),
      ...(action === 'merged' ? branchesOf(payload.get('pullrequest')) : {}),
    });
}

// Zulip names the first reviewer as the assignee, and the branches only of a new PR.
function pullRequestChangedBody(action: string): Body {
  return (payload, withTitle) => {
    const pr = payload.get('pullrequest');
    const [reviewer] = pr.get('reviewers').list();
    return changeMessage({
      ...pullRequestHead(payload, action, withTitle),
      ...(action === 'created' ? branchesOf(pr) : {}),
      message: pr.str('description'),
      assignees: reviewer ? [userName(reviewer)] : [],
    });
  };
}

function pullRequestCommentBody(action: (commentUrl: string) => string): Body {
  return (payload, withTitle) => {
    const comment = payload.get('comment');
    return changeMessage({
      ...pullRequestHead(payload, `${action(htmlUrl(comment))} on`, withTitle),
      message: comment.get('content').str('raw'),
    });
  };
}

const fork: Body = (payload) => {
  const repo = payload.get('fork');
  return `${actorName(payload)} forked the repository into [${repo.str('full_name')}](${htmlUrl(repo)}).`;
};

const commitComment: Body = (payload) => {
  const comment = payload.get('comment');
  const commit = comment.get('commit');
  return commitCommentMessage(
    actorName(payload),
    `[commented](${htmlUrl(comment)})`,
    htmlUrl(commit),
    commit.str('hash'),
    comment.get('content').str('raw'),
  );
};

// The status names its commit only by an API URL, which ends with the hash.
const commitStatus: Body = (payload) => {
  const status = payload.get('commit_status');
  const hash = status.get('links').get('commit').str('href').split('/').at(-1) ?? '';
  const commit = `[${shortSha(hash)}](${htmlUrl(payload.get('repository'))}/commits/${hash})`;
  return `[System ${status.str('key')}](${status.str('url')}) changed status of ${commit} to ${status.str('state')}.`;
};

// The settings Zulip reports, in its order; a setting cleared is not reported.
const repoSettings: [key: string, label: string][] = [
  ['website', 'website'],
  ['name', 'name'],
  ['links', 'links'],
  ['language', 'language'],
  ['full_name', 'full name'],
  ['description', 'description'],
];

const repoUpdated: Body = (payload) => {
  const actor = actorName(payload);
  const repo = payload.get('repository').str('name');
  const changes = payload.get('changes');
  return repoSettings
    .flatMap(([key, label]) => {
      const change = changes.get(key);
      const after = change.get('new');
      if (!after.truthy) return [];
      const before = change.get('old');
      const value = after.string();
      const from = before.truthy ? ` from **${before.string()}**` : '';
      return [
        endSentence(
          `${actor} changed the ${label} of the **${repo}** repo${from} to **${value}**`,
          value,
        ),
      ];
    })
    .join('\n');
};

export const bodies: Record<string, Body> = {
  fork,
  commit_comment: commitComment,
  change_commit_status: commitStatus,
  issue_created: issueBody('created'),
  issue_updated: issueBody('updated'),
  issue_commented: (payload, withTitle) =>
    issueBody(`[commented](${htmlUrl(payload.get('comment'))}) on`)(payload, withTitle),
  pull_request_created: pullRequestChangedBody('created'),
  pull_request_updated: pullRequestChangedBody('updated'),
  pull_request_approved: pullRequestBody('approved'),
  pull_request_unapproved: pullRequestBody('unapproved'),
  pull_request_fulfilled: pullRequestBody('merged'),
  pull_request_rejected: pullRequestBody('rejected'),
  pull_request_comment_created: pullRequestCommentBody((url) => `[commented](${url})`),
  pull_request_comment_updated: pullRequestCommentBody((url) => `updated a [comment](${url})`),
  pull_request_comment_deleted: pullRequestCommentBody((url) => `deleted a [comment](${url})`),
  'repo:updated': repoUpdated,
};
