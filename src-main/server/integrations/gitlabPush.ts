import {
  EMPTY_SHA,
  pushCommitsMessage,
  pushTagMessage,
  removeBranchMessage,
  topicWithBranch,
} from './git';
import { branchName, homepage, repoName, type GitLabHandler } from './gitlabContext';

export const push: GitLabHandler = ({ payload }) => {
  const branch = branchName(payload.str('ref'));
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
};

export const tagPush: GitLabHandler = ({ payload }) => {
  const tag = payload.str('ref').replace('refs/tags/', '');
  // A removed tag's push has no commit to check out.
  const action = payload.optional('checkout_sha')?.truthy ? 'pushed' : 'removed';
  return {
    topic: repoName(payload),
    content: pushTagMessage(payload.str('user_name'), tag, action),
  };
};
