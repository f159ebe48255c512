import { z } from 'zod';
import { optional } from '../http/params';
import {
  branchWanted,
  changeMessage,
  createBranchMessage,
  pushCommitsMessage,
  releaseMessage,
  topicWithBranch,
  topicWithNumber,
  type Commit,
} from './git';
import { UnsupportedEventError, type WebhookCall, type WebhookMessage } from './integration';
import type { Payload } from './payload';

// Gitea began as a fork of Gogs and still posts Gogs's payloads, so Zulip's
// Gitea integration is its Gogs one (gogs_webhook_main in
// zerver/webhooks/gogs/view.py) with its own reading of pull requests.

export const gogsParams = { branches: optional('text', z.string()) };

/** How a service's pull_request payload reads, Gogs's and Gitea's differing. */
export type PullRequestBody = (payload: Payload, withTitle: boolean) => string;

/** The login of a user the payload may leave null. */
export const loginOf = (user: Payload): string | undefined =>
  user.truthy ? user.str('login') : undefined;

// Zulip names a committer without a username by the first word of their name.
function committerName(author: Payload): string {
  const username = author.str('username');
  if (username) return username;
  const name = author.get('name');
  const [first] = name.string().split(/\s+/).filter(Boolean);
  if (first === undefined) throw name.invalid('is blank');
  return first;
}

const commitOf = (commit: Payload): Commit => ({
  name: committerName(commit.get('author')),
  sha: commit.str('id'),
  url: commit.str('url'),
  message: commit.str('message'),
});

const pushBody = (payload: Payload, branch: string): string =>
  pushCommitsMessage({
    user: payload.get('sender').str('username'),
    compareUrl: payload.str('compare_url'),
    branch,
    commits: payload.get('commits').list().map(commitOf),
  });

// Gogs's issue payloads carry no link to the issue; Zulip builds it.
const issueUrl = (payload: Payload, issue: number): string =>
  `${payload.get('repository').str('html_url')}/issues/${issue}`;

function issueBody(payload: Payload, withTitle: boolean): string {
  const issue = payload.get('issue');
  const number = issue.get('number').int();
  const action = payload.str('action');
  const assignee = loginOf(issue.get('assignee'));
  return changeMessage({
    user: payload.get('sender').str('login'),
    action,
    url: issueUrl(payload, number),
    type: 'issue',
    number,
    message: issue.str('body'),
    assignees: assignee === undefined ? [] : [assignee],
    title: withTitle ? issue.str('title') : undefined,
    assigneeUpdated: action === 'assigned' ? assignee : undefined,
  });
}

function commentBody(payload: Payload, withTitle: boolean): string {
  const action = payload.str('action');
  const comment = payload.get('comment');
  const issue = payload.get('issue');
  const url = comment.str('html_url');
  const number = issue.get('number').int();
  return changeMessage({
    user: payload.get('sender').str('login'),
    action: action === 'created' ? `[commented](${url}) on` : `${action} a [comment](${url}) on`,
    url: issueUrl(payload, number),
    type: 'issue',
    number,
    message: comment.str('body'),
    title: withTitle ? issue.str('title') : undefined,
  });
}

const issueTopic = (repo: string, payload: Payload): string => {
  const issue = payload.get('issue');
  return topicWithNumber(repo, 'issue', issue.get('number').int(), issue.str('title'));
};

/**
 * The message for a Gogs-style delivery, named by the event in `header`; none
 * for a push to a branch the `branches` parameter leaves out.
 */
export function gogsMessages(
  call: WebhookCall<typeof gogsParams>,
  header: string,
  pullRequestBody: PullRequestBody,
): WebhookMessage[] {
  const payload = call.payload();
  const repo = payload.get('repository').str('name');
  const event = call.eventHeader(header);
  const withTitle = call.userTopic !== undefined;
  const send = (topic: string, content: string): WebhookMessage[] => [{ event, topic, content }];
  switch (event) {
    case 'push': {
      const branch = payload.str('ref').replaceAll('refs/heads/', '');
      if (!branchWanted(branch, call.options.branches)) return [];
      return send(topicWithBranch(repo, branch), pushBody(payload, branch));
    }
    case 'create': {
      const ref = payload.str('ref');
      const url = `${payload.get('repository').str('html_url')}/src/${ref}`;
      const user = payload.get('sender').str('username');
      return send(topicWithBranch(repo, ref), createBranchMessage(user, ref, url));
    }
    case 'pull_request': {
      const content = pullRequestBody(payload, withTitle);
      const pr = payload.get('pull_request');
      // Zulip's topic numbers the PR by its ID across the whole server.
      return send(topicWithNumber(repo, 'PR', pr.get('id').int(), pr.str('title')), content);
    }
    case 'issues':
      return send(issueTopic(repo, payload), issueBody(payload, withTitle));
    case 'issue_comment':
      return send(issueTopic(repo, payload), commentBody(payload, withTitle));
    case 'release': {
      const release = payload.get('release');
      const tag = release.str('tag_name');
      const name = release.str('name');
      const content = releaseMessage(
        release.get('author').str('username'),
        payload.str('action'),
        tag,
        name,
        payload.get('repository').str('html_url'),
      );
      return send(`${repo} / ${tag} ${name}`, content);
    }
    default:
      throw new UnsupportedEventError(event);
  }
}
