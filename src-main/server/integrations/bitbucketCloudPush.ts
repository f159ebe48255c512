import { actorName, htmlUrl, repoName, userName } from './bitbucketCloudContext';
import {
  forcePushMessage,
  linkedTagMessage,
  pushCommitsMessage,
  removeBranchMessage,
  topicWithBranch,
  truncatedPushMessage,
} from './git';
import type { WebhookMessage } from './integration';
import type { Payload } from './payload';

// Bitbucket Cloud's push event: one message per branch or tag it changed.

/** The branch or tag after the change, or before it when the change removed it. */
function refOf(change: Payload): Payload {
  const after = change.get('new');
  return after.truthy ? after : change.get('old');
}

const isTag = (change: Payload): boolean => refOf(change).str('type') === 'tag';

// A commit by someone without a Bitbucket account names them only in `raw`.
function authorName(commit: Payload): string {
  const author = commit.get('author');
  if (author.has('user')) return userName(author.get('user'));
  const raw = author.get('raw');
  const [first] = raw.string().trim().split(/\s+/);
  if (!first) throw raw.invalid('names nobody');
  return first;
}

function tagBody(payload: Payload, change: Payload): string {
  const tag = refOf(change);
  const action = change.get('new').truthy ? 'pushed' : 'removed';
  return linkedTagMessage(actorName(payload), tag.str('name'), htmlUrl(tag), action);
}

function branchBody(payload: Payload, change: Payload): string {
  const user = actorName(payload);
  const after = change.get('new');
  if (after.value === null) return removeBranchMessage(user, change.get('old').str('name'));
  if (change.get('forced').bool()) {
    const head = after.get('target').str('hash');
    return forcePushMessage(user, htmlUrl(change), after.str('name'), head);
  }
  const commits = change
    .get('commits')
    .list()
    .map((commit) => ({
      name: authorName(commit),
      sha: commit.str('hash'),
      url: htmlUrl(commit),
      message: commit.str('message'),
    }));
  const push = { user, compareUrl: htmlUrl(change), branch: after.str('name'), commits };
  return change.get('truncated').bool() ? truncatedPushMessage(push) : pushCommitsMessage(push);
}

/**
 * The messages for a push. Zulip filters by the `branches` URL parameter on
 * the last change alone, and as a substring of the parameter, not a list.
 */
export function pushMessages(payload: Payload, branches: string | undefined): WebhookMessage[] {
  const changes = payload.get('push').get('changes').list();
  const last = changes.at(-1);
  if (last === undefined) return [];
  if (branches && !isTag(last) && !branches.includes(refOf(last).str('name'))) return [];
  return changes.map((change) =>
    isTag(change)
      ? { event: 'push', topic: repoName(payload), content: tagBody(payload, change) }
      : {
          event: 'push',
          topic: topicWithBranch(repoName(payload), refOf(change).str('name')),
          content: branchBody(payload, change),
        },
  );
}
