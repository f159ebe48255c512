// The message formats Zulip's git integrations share (zerver/lib/webhooks/git.py),
// so that GitHub and GitLab read alike in a stream.

export const EMPTY_SHA = '0000000000000000000000000000000000000000';
const COMMITS_LIMIT = 20;
const COMMITTERS_LIMIT = 3;
const punctuation = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

export interface Commit {
  name: string;
  sha: string;
  url: string;
  message: string;
}

/** Zulip's `branches` URL parameter: a comma-separated list of the branches to report. */
export const branchWanted = (branch: string, branches: string | undefined): boolean =>
  branches === undefined || branches.split(',').some((name) => name.trim() === branch);

export const shortSha = (sha: string): string => sha.slice(0, 11);

export const topicWithBranch = (repo: string, branch: string): string => `${repo} / ${branch}`;

export const topicWithNumber = (repo: string, type: string, id: number, title: string): string =>
  `${repo} / ${type} #${id} ${title}`;

export const quote = (text: string): string => `\n~~~ quote\n${text}\n~~~`;

export const setupMessage = (integration: string, user?: string): string =>
  `${integration} webhook has been successfully configured${user ? ` by ${user}` : ''}.`;

const endsWithPunctuation = (text: string): boolean => punctuation.has(text.at(-1) ?? '');

const plural = (count: number) => (count > 1 ? 's' : '');

// Committers by number of commits, ties alphabetically; past three, "others".
function committers(commits: readonly Commit[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const commit of commits) counts.set(commit.name, (counts.get(commit.name) ?? 0) + 1);
  const sorted = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  if (sorted.length <= COMMITTERS_LIMIT) return sorted;
  const others = sorted.slice(COMMITTERS_LIMIT).reduce((sum, [, count]) => sum + count, 0);
  return [...sorted.slice(0, COMMITTERS_LIMIT), ['others', others]];
}

function commitList(commits: readonly Commit[]): string {
  let list = commits
    .slice(0, COMMITS_LIMIT)
    .map((commit) => {
      const subject = commit.message.split('\n')[0] ?? '';
      return `* ${subject} ([${shortSha(commit.sha)}](${commit.url}))\n`;
    })
    .join('');
  if (commits.length > COMMITS_LIMIT) {
    list += `[and ${commits.length - COMMITS_LIMIT} more commit(s)]`;
  }
  return list.trimEnd();
}

export interface Push {
  user: string;
  compareUrl: string | null;
  branch: string;
  commits: readonly Commit[];
  deleted?: boolean;
  forced?: boolean;
  /** Named in the message, as Zulip's GitHub integration does when asked (include_repository_name). */
  repository?: { name: string; url: string };
}

export function pushCommitsMessage(push: Push): string {
  const { user, compareUrl, branch, commits } = push;
  if (commits.length === 0 && push.deleted) {
    return `${user} [deleted](${compareUrl ?? ''}) the branch ${branch}.`;
  }
  const pushed = push.forced ? 'force pushed' : 'pushed';
  if (commits.length === 0) {
    return compareUrl
      ? `${user} [${pushed}](${compareUrl}) the branch ${branch}.`
      : `${user} ${pushed} the branch ${branch}.`;
  }
  const counted = `${commits.length} commit${plural(commits.length)}`;
  const pushedText = compareUrl ? `[${pushed}](${compareUrl}) ${counted}` : `${pushed} ${counted}`;
  const of = push.repository ? ` of [${push.repository.name}](${push.repository.url})` : '';
  const base = `${user} ${pushedText} to branch ${branch}${of}.`;
  const authors = committers(commits);
  const [first] = authors;
  if (authors.length === 1 && first?.[0] === user) {
    return `${base}\n\n${commitList(commits)}`.trimEnd();
  }
  const named = authors.map(([name, count]) => `${name} (${count})`);
  const last = named.length > 1 ? named.pop() : undefined;
  const details = last === undefined ? named.join(', ') : `${named.join(', ')} and ${last}`;
  return `${base} Commits by ${details}.\n\n${commitList(commits)}`.trimEnd();
}

export const removeBranchMessage = (user: string, branch: string): string =>
  `${user} deleted branch ${branch}.`;

export function pushTagMessage(user: string, tag: string, action = 'pushed'): string {
  const message = `${user} ${action} tag ${tag}`;
  return endsWithPunctuation(tag) ? message : `${message}.`;
}

export interface Change {
  user: string;
  action: string;
  url: string;
  /** 'PR', 'MR', 'issue'… */
  type: string;
  number?: number | undefined;
  /** Shown only when the URL named its own topic, which then lacks the title. */
  title?: string | undefined;
  targetBranch?: string | undefined;
  baseBranch?: string | undefined;
  message?: string | null | undefined;
  assignees?: readonly string[] | undefined;
  /** Who was assigned or unassigned, named before the PR or issue: "assigned bob to [PR #1](…)". */
  assigneeUpdated?: string | undefined;
  /**
   * Reviewers, named where assignees would be; unlike assignees they leave a
   * title's own punctuation alone (Zulip's `reviewer`).
   */
  reviewers?: string | undefined;
}

const names = (list: readonly string[]): string =>
  list.length === 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1) ?? ''}`;

/** Zulip's get_pull_request_event_message, for pull and merge requests and issues alike. */
export function changeMessage(change: Change): string {
  const id = change.number === undefined ? '' : ` #${change.number}`;
  const label =
    change.title === undefined ? `${change.type}${id}` : `${change.type}${id} ${change.title}`;
  const updated =
    change.assigneeUpdated === undefined
      ? ''
      : `${change.assigneeUpdated} ${change.action === 'unassigned' ? 'from' : 'to'} `;
  let text = `${change.user} ${change.action} ${updated}[${label}](${change.url})`;
  const branches = Boolean(change.targetBranch && change.baseBranch);
  if (branches) text += ` from \`${change.targetBranch}\` to \`${change.baseBranch}\``;
  const assignees = change.assignees ?? [];
  if (assignees.length > 0) text += ` (assigned to ${names(assignees)})`;
  if (change.reviewers) text += ` (assigned reviewers: ${change.reviewers})`;
  const message = change.message ?? '';
  if (
    assignees.length > 0 ||
    branches ||
    change.title === undefined ||
    !endsWithPunctuation(change.title)
  ) {
    text += message ? ':' : '.';
  }
  if (message) text += `\n${quote(message)}`;
  return text.trimEnd();
}

export function commitCommentMessage(
  user: string,
  action: string,
  commitUrl: string,
  sha: string,
  message: string,
): string {
  const text = `${user} ${action} on [${shortSha(sha)}](${commitUrl})`;
  return message ? `${text}:${quote(message)}` : `${text}.`;
}

/** Ends a message with a full stop unless the value it ends on has its own punctuation. */
export const endSentence = (message: string, last: string): string =>
  endsWithPunctuation(last) ? message : `${message}.`;

export const forcePushMessage = (user: string, url: string, branch: string, head: string): string =>
  `${user} [force pushed](${url}) to branch ${branch}. Head is now ${head}.`;

export const linkedTagMessage = (user: string, tag: string, url: string, action: string): string =>
  endSentence(`${user} ${action} tag [${tag}](${url})`, tag);

/**
 * A push whose service left commits out without saying how many (Bitbucket's
 * `truncated`): Zulip ends the list with an uncounted "and more".
 */
export function truncatedPushMessage(push: Push): string {
  const message = pushCommitsMessage(push);
  const listed = push.commits.length > 0 && push.commits.length <= COMMITS_LIMIT;
  return listed ? `${message}\n[and more commit(s)]` : message;
}

/** Zulip's get_create_branch_event_message: the branch linked where the service gives its page. */
export const createBranchMessage = (user: string, branch: string, url?: string): string =>
  `${user} created ${url === undefined ? branch : `[${branch}](${url})`} branch.`;

/** Zulip's get_release_event_message. */
export const releaseMessage = (
  user: string,
  action: string,
  tag: string,
  name: string,
  url: string,
): string => `${user} ${action} release [${name}](${url}) for tag ${tag}.`;
