import { pushCommitsMessage, pushTagMessage } from './git';
import { repoName, repoUrl, sender, type GitHubContext } from './githubContext';

// GitHub's push event: commits to a branch, or a tag pushed or removed.

export const branchOf = (ref: string): string => ref.replace(/^refs\/heads\//, '');

/** Zulip's event name for a push: null for a merge queue's temporary branch. */
export function pushEvent(ref: string): string | null {
  // Merge queues push to temporary branches that nobody follows.
  if (ref.startsWith('refs/heads/gh-readonly-queue/')) return null;
  return ref.startsWith('refs/heads/') ? 'push_commits' : 'push_tags';
}

export function pushCommits({ payload, withRepositoryName }: GitHubContext): string {
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
  return pushCommitsMessage({
    user: sender(payload),
    compareUrl: payload.str('compare'),
    branch: branchOf(payload.str('ref')),
    commits,
    deleted: payload.get('deleted').bool(),
    forced: payload.get('forced').bool(),
    ...(withRepositoryName
      ? { repository: { name: repoName(payload), url: repoUrl(payload) } }
      : {}),
  });
}

export const pushTags = ({ payload }: GitHubContext): string =>
  pushTagMessage(
    sender(payload),
    payload.str('ref').replace(/^refs\/tags\//, ''),
    payload.get('created').bool() ? 'pushed' : 'removed',
  );

export const pushTopic = ({ payload }: GitHubContext): string =>
  `${repoName(payload)} / ${branchOf(payload.str('ref'))}`;
