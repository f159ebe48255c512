import {
  actorLink,
  selfUrl,
  type ServerContext,
  type ServerHandler,
  type ServerMessage,
} from './bitbucketServerContext';
import {
  commitCommentMessage,
  createBranchMessage,
  endSentence,
  pushTagMessage,
  removeBranchMessage,
  topicWithBranch,
} from './git';
import { UnsupportedEventError } from './integration';
import type { Payload } from './payload';

// Bitbucket Server's repository events: the ping, commit comments, forks,
// renames and pushes.

const ping: ServerHandler = () => [
  {
    topic: 'Bitbucket Server Ping',
    content: 'Congratulations! The Bitbucket Server webhook was configured successfully!',
  },
];

function commitComment(action: string): ServerHandler {
  return ({ payload }) => {
    const repo = payload.get('repository');
    const sha = payload.str('commit');
    // The repository's link is to its "browse" page, beside its commits.
    const commitUrl = `${selfUrl(repo).slice(0, -'browse'.length)}commits/${sha}`;
    const text = payload.get('comment').str('text');
    const message = action === 'deleted their comment' ? `~~${text}~~` : text;
    return [
      {
        topic: repo.str('name'),
        content: commitCommentMessage(actorLink(payload), action, commitUrl, sha, message),
      },
    ];
  };
}

const forked: ServerHandler = ({ payload }) => {
  const fork = payload.get('repository');
  const user = `${payload.get('actor').str('displayName')}(login: ${actorLink(payload)})`;
  return [
    {
      topic: fork.get('origin').str('name'),
      content: `User ${user} forked the repository into [${fork.str('name')}](${selfUrl(fork)}).`,
    },
  ];
};

// Bitbucket Server reports a rename, and nothing else, as a modification.
const modified: ServerHandler = ({ payload }) => {
  const before = payload.get('old').str('name');
  const after = payload.get('new').str('name');
  const text = `${actorLink(payload)} changed the name of the **${before}** repo from **${before}** to **${after}**`;
  return [{ topic: after, content: endSentence(text, after) }];
};

const unknownChange = (payload: Payload, type: string) =>
  new UnsupportedEventError(`${payload.str('eventKey')}.${type}`);

function branchChange(payload: Payload, change: Payload): ServerMessage {
  const type = change.str('type');
  const user = actorLink(payload);
  const branch = change.get('ref').str('displayId');
  const head = change.str('toHash');
  let content: string;
  if (type === 'ADD') content = createBranchMessage(user, branch);
  else if (type === 'UPDATE') content = `${user} pushed to branch ${branch}. Head is now ${head}.`;
  else if (type === 'DELETE') content = removeBranchMessage(user, branch);
  else throw unknownChange(payload, type);
  return { topic: topicWithBranch(payload.get('repository').str('name'), branch), content };
}

function tagChange(payload: Payload, change: Payload): ServerMessage {
  const type = change.str('type');
  const tag = change.get('ref').str('displayId');
  let action: string;
  if (type === 'ADD') action = 'pushed';
  else if (type === 'DELETE') action = 'removed';
  else throw unknownChange(payload, type);
  return {
    topic: payload.get('repository').str('name'),
    content: pushTagMessage(actorLink(payload), tag, action),
  };
}

/** One message per branch or tag; Zulip matches `branches` as a substring, not a list. */
const refsChanged: ServerHandler = ({ payload, branches }: ServerContext) =>
  payload
    .get('changes')
    .list()
    .flatMap((change) => {
      const ref = change.get('ref');
      const type = ref.str('type');
      if (type === 'TAG') return [tagChange(payload, change)];
      if (type !== 'BRANCH') throw unknownChange(payload, type);
      if (branches && !branches.includes(ref.str('displayId'))) return [];
      return [branchChange(payload, change)];
    });

export const repositoryHandlers: Record<string, ServerHandler> = {
  'diagnostics:ping': ping,
  'repo:comment:added': commitComment('commented'),
  'repo:comment:edited': commitComment('edited their comment'),
  'repo:comment:deleted': commitComment('deleted their comment'),
  'repo:forked': forked,
  'repo:modified': modified,
  'repo:refs_changed': refsChanged,
};
