import { quote } from './git';
import { actor, attributes, repoName, type GitLabHandler } from './gitlabContext';

export const testHook: GitLabHandler = ({ payload }) => ({
  topic: repoName(payload),
  content: `Webhook for **${repoName(payload)}** has been configured successfully! :tada:`,
});

export function wikiPage(action: string): GitLabHandler {
  return ({ payload }) => {
    const page = attributes(payload);
    return {
      topic: repoName(payload),
      content: `${actor(payload)} ${action} [wiki page "${page.str('title')}"](${page.str('url')}).`,
    };
  };
}

export const release: GitLabHandler = ({ payload }) => {
  const action = payload.str('action');
  const name = payload.str('name');
  const tag = payload.str('tag');
  const done = `${action}d`;
  if (action === 'delete') {
    // A deleted release has no page left to link.
    return { topic: repoName(payload), content: `Release ${name} for tag ${tag} was ${done}.` };
  }
  let content = `Release [${name}](${payload.str('url')}) for tag ${tag} was ${done}.`;
  if (payload.has('description')) content += quote(payload.str('description'));
  return { topic: repoName(payload), content };
};

export const featureFlag: GitLabHandler = ({ payload }) => {
  const flag = attributes(payload);
  const action = flag.get('active').truthy ? 'activated' : 'deactivated';
  const url = `${payload.get('project').str('web_url')}/-/feature_flags`;
  return {
    topic: repoName(payload),
    content: `${payload.get('user').str('username')} ${action} the feature flag [${flag.str('name')}](${url}).`,
  };
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An expiring project or group access token, GitLab's Resource Access Token Hook. */
export const accessTokenExpiry: GitLabHandler = ({ payload }) => {
  const token = attributes(payload);
  const expiresAt = token.get('expires_at');
  const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(expiresAt.string());
  const month = MONTHS[Number(date?.[2]) - 1];
  if (!date || month === undefined) throw expiresAt.invalid('is not an ISO date');
  const group = payload.has('group') ? payload.get('group') : undefined;
  // A group's payload names no instance, so Zulip links the group on gitlab.com.
  const url = group
    ? `https://gitlab.com/groups/${group.str('group_path')}/-/settings/access_tokens`
    : `${payload.get('project').str('web_url')}/-/settings/access_tokens`;
  return {
    topic: group?.truthy ? group.str('group_name') : repoName(payload),
    content: `The access token [${token.str('name')}](${url}) will expire on ${month} ${date[3]}, ${date[1]}.`,
  };
};
