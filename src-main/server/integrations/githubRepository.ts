import {
  changeMessage,
  commitCommentMessage,
  quote,
  releaseMessage,
  setupMessage,
  shortSha,
} from './git';
import {
  commentAction,
  repoFullName,
  repoName,
  repoUrl,
  sender,
  senderUrl,
  type GitHubContext,
} from './githubContext';
import { UnsupportedEventError } from './integration';

// The messages of GitHub's events about a repository, its organization and
// what runs on it, by the event name Zulip gives each.

type Body = (context: GitHubContext) => string;

const createdOrDeleted =
  (verb: string): Body =>
  ({ payload }) =>
    `${sender(payload)} ${verb} ${payload.str('ref_type')} ${payload.str('ref')}`.trimEnd() + '.';

function commitComment({ payload }: GitHubContext): string {
  const comment = payload.get('comment');
  const commentUrl = comment.str('html_url');
  return commitCommentMessage(
    sender(payload),
    `[commented](${commentUrl})`,
    commentUrl.split('#')[0] ?? commentUrl,
    comment.str('commit_id'),
    comment.str('body'),
  );
}

function release({ payload }: GitHubContext): string {
  const entry = payload.get('release');
  const tag = entry.str('tag_name');
  // Not every release has a name of its own.
  const name = entry.optional('name');
  return releaseMessage(
    sender(payload),
    payload.str('action'),
    tag,
    name?.truthy ? name.string() : tag,
    entry.str('html_url'),
  );
}

function checkRun({ payload }: GitHubContext): string {
  const run = payload.get('check_run');
  const sha = run.str('head_sha');
  return `Check [${run.str('name')}](${run.str('html_url')}) ${run.str('status')} (${run.str('conclusion')}). ([${shortSha(sha)}](${repoUrl(payload)}/commit/${sha}))`;
}

function pageBuild({ payload }: GitHubContext): string {
  const build = payload.get('build');
  const status = build.str('status');
  const error = build.get('error').optional('message');
  const said: Record<string, string> = {
    null: 'has yet to be built',
    building: 'is being built',
    errored: `has failed: ${error?.truthy ? quote(error.string()) : '{}'}`,
    built: 'has finished building',
  };
  const action = Object.hasOwn(said, status) ? (said[status] ?? '') : `is ${status}`;
  return `GitHub Pages build, triggered by ${build.get('pusher').str('login')}, ${action}.`;
}

function status({ payload }: GitHubContext): string {
  const target = payload.optional('target_url');
  const state = payload.str('state');
  const said = target?.truthy ? `[${state}](${target.string()})` : state;
  return `[${shortSha(payload.str('sha'))}](${payload.get('commit').str('html_url')}) changed its status to ${said}.`;
}

function wikiPages({ payload }: GitHubContext): string {
  const pages = payload
    .get('pages')
    .list()
    .map((page) => `* ${page.str('action')} [${page.str('title')}](${page.str('html_url')})`);
  return `${sender(payload)}:\n${pages.join('\n')}`.trimEnd();
}

function team({ payload }: GitHubContext): string {
  const changes = payload.get('changes');
  const edited = payload.get('team');
  if (changes.has('description')) {
    return `**${sender(payload)}** changed the team description to:\n${quote(edited.str('description'))}`;
  }
  if (changes.has('name')) {
    return `Team \`${changes.get('name').str('from')}\` was renamed to \`${edited.str('name')}\`.`;
  }
  if (changes.has('privacy')) return `Team visibility changed to \`${edited.str('privacy')}\``;
  // Something GitHub added since: say what changed, so that the team can look.
  const keys = changes
    .entries()
    .map(([key]) => key)
    .sort()
    .join('/');
  return `Team has changes to \`${keys}\` data.`;
}

function membership({ payload }: GitHubContext): string {
  const action = payload.str('action');
  const member = payload.get('member');
  return `${sender(payload)} ${action} [${member.str('login')}](${member.str('html_url')}) ${action === 'removed' ? 'from' : 'to'} the ${payload.get('team').str('name')} team.`;
}

function discussion({ payload }: GitHubContext): string {
  const entry = payload.get('discussion');
  return `${sender(payload)} created [discussion #${entry.get('number').int()}](${entry.str('html_url')}) in ${entry.get('category').str('name')}:\n${quote(`### ${entry.str('title')}\n${entry.str('body')}`)}`;
}

const discussionComment = ({ payload, withTitle }: GitHubContext): string =>
  changeMessage({
    user: sender(payload),
    action: commentAction(payload),
    url: payload.get('discussion').str('html_url'),
    type: 'discussion',
    number: payload.get('discussion').get('number').int(),
    title: withTitle ? payload.get('discussion').str('title') : undefined,
    message: payload.get('comment').str('body'),
  });

export const repositoryBodies: Record<string, Body> = {
  ping: ({ payload }) => setupMessage('GitHub', sender(payload)),
  commit_comment: commitComment,
  create: createdOrDeleted('created'),
  delete: createdOrDeleted('deleted'),
  check_run: checkRun,
  deployment: ({ payload }) => `${sender(payload)} created new deployment.`,
  deployment_status: ({ payload }) =>
    `Deployment changed status to ${payload.get('deployment_status').str('state')}.`,
  discussion,
  discussion_comment: discussionComment,
  fork: ({ payload }) => {
    const forkee = payload.get('forkee');
    return `${sender(payload)} forked [${forkee.str('name')}](${forkee.str('html_url')}).`;
  },
  gollum: wikiPages,
  member: ({ payload }) => {
    const member = payload.get('member');
    return `${sender(payload)} ${payload.str('action')} [${member.str('login')}](${member.str('html_url')}) to [${repoName(payload)}](${repoUrl(payload)}).`;
  },
  membership,
  page_build: pageBuild,
  public: ({ payload }) =>
    `${sender(payload)} made the repository [${repoFullName(payload)}](${repoUrl(payload)}) public.`,
  release,
  repository: ({ payload }) =>
    `${sender(payload)} ${payload.str('action')} the repository [${repoFullName(payload)}](${repoUrl(payload)}).`,
  star: ({ payload }) =>
    `[${sender(payload)}](${senderUrl(payload)}) ${payload.str('action') === 'created' ? 'starred' : 'unstarred'} the repository [${repoFullName(payload)}](${repoUrl(payload)}).`,
  status,
  team,
  team_add: ({ payload }) =>
    `The repository [${repoFullName(payload)}](${repoUrl(payload)}) was added to team ${payload.get('team').str('name')}.`,
  watch: ({ payload }) =>
    `${sender(payload)} starred the repository [${repoFullName(payload)}](${repoUrl(payload)}).`,
};

// Team actions GitHub documents that Zulip does not report.
const ignoredTeamActions = new Set([
  'added_to_repository',
  'created',
  'deleted',
  'removed_from_repository',
]);

/** Zulip's event name for a team event: only an edit is reported. */
export function teamEvent({ payload }: GitHubContext): string | null {
  const action = payload.str('action');
  if (action === 'edited') return 'team';
  if (ignoredTeamActions.has(action)) return null;
  throw new UnsupportedEventError(`team:${action}`);
}
