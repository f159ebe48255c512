import { z } from 'zod';
import { optional } from '../http/params';
import { branchWanted } from './git';
import {
  commitNote,
  designNote,
  issue,
  issueNote,
  mergeRequest,
  mergeRequestNote,
  snippetNote,
} from './gitlabChanges';
import { deployment, job, pipeline } from './gitlabCi';
import { attributes, branchName, homepage, repoName, type GitLabHandler } from './gitlabContext';
import { accessTokenExpiry, featureFlag, release, testHook, wikiPage } from './gitlabProject';
import { push, tagPush } from './gitlabPush';
import { integration, UnsupportedEventError } from './integration';
import type { Payload } from './payload';
import { branchesOption } from './urlOptions';

const issueHandlers = (hook: string): Record<string, GitLabHandler> => ({
  [`${hook} open`]: issue('created'),
  [`${hook} close`]: issue('closed'),
  [`${hook} reopen`]: issue('reopened'),
  [`${hook} update`]: issue('updated'),
});

// The events Zulip's GitLab integration reports, by the names eventName gives them.
const handlers: Record<string, GitLabHandler> = {
  'Push Hook': push,
  'Tag Push Hook': tagPush,
  'Test Hook': testHook,
  ...issueHandlers('Issue Hook'),
  ...issueHandlers('Confidential Issue Hook'),
  'Merge Request Hook open': mergeRequest('created'),
  'Merge Request Hook update': mergeRequest('updated'),
  'Merge Request Hook merge': mergeRequest('merged'),
  'Merge Request Hook close': mergeRequest('closed'),
  'Merge Request Hook reopen': mergeRequest('reopened'),
  'Merge Request Hook approved': mergeRequest('approved'),
  'Merge Request Hook unapproved': mergeRequest('unapproved'),
  'Merge Request Hook approval': mergeRequest('approval'),
  'Merge Request Hook unapproval': mergeRequest('unapproval'),
  'Note Hook Commit': commitNote,
  'Note Hook Issue': issueNote,
  'Note Hook MergeRequest': mergeRequestNote,
  'Note Hook Snippet': snippetNote,
  'Note Hook DesignManagement::Design': designNote,
  'Confidential Note Hook Issue': issueNote,
  'Confidential Note Hook DesignManagement::Design': designNote,
  'Wiki Page Hook create': wikiPage('created'),
  'Wiki Page Hook update': wikiPage('updated'),
  'Pipeline Hook': pipeline,
  'Job Hook': job,
  'Build Hook': job,
  'Deployment Hook': deployment,
  'Release Hook': release,
  'Feature Flag Hook': featureFlag,
  'Resource Access Token Hook': accessTokenExpiry,
};

// Zulip's get_event: the header, refined by the action or the kind of note;
// a system hook names its event in the payload.
function eventName(header: string, payload: Payload): string {
  let event = header;
  if (event === 'System Hook') {
    const name = payload.has('event_name') ? payload.str('event_name') : payload.str('object_kind');
    const title = name
      .split('__')[0]
      ?.replace(/_/g, ' ')
      .replace(/\w\S*/g, (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
    event = `${title ?? ''} Hook`;
  }
  if (
    ['Confidential Issue Hook', 'Issue Hook', 'Merge Request Hook', 'Wiki Page Hook'].includes(
      event,
    )
  ) {
    return `${event} ${attributes(payload).optional('action')?.string() ?? 'open'}`;
  }
  if (['Confidential Note Hook', 'Note Hook'].includes(event)) {
    return `${event} ${attributes(payload).str('noteable_type')}`;
  }
  return event;
}

const EVENT_TYPES = [
  'Push Hook',
  'Tag Push Hook',
  'Test Hook',
  'Issue Hook open',
  'Issue Hook close',
  'Issue Hook reopen',
  'Issue Hook update',
  'Confidential Issue Hook open',
  'Confidential Issue Hook close',
  'Confidential Issue Hook reopen',
  'Confidential Issue Hook update',
  'Note Hook Commit',
  'Note Hook MergeRequest',
  'Note Hook Issue',
  'Confidential Note Hook Issue',
  'Note Hook DesignManagement::Design',
  'Confidential Note Hook DesignManagement::Design',
  'Note Hook Snippet',
  'Merge Request Hook approved',
  'Merge Request Hook unapproved',
  'Merge Request Hook approval',
  'Merge Request Hook unapproval',
  'Merge Request Hook open',
  'Merge Request Hook update',
  'Merge Request Hook merge',
  'Merge Request Hook close',
  'Merge Request Hook reopen',
  'Wiki Page Hook create',
  'Wiki Page Hook update',
  'Job Hook',
  'Build Hook',
  'Pipeline Hook',
  'Release Hook',
  'Feature Flag Hook',
  'Resource Access Token Hook',
  'Deployment Hook',
];

export const gitlab = integration({
  urlName: 'gitlab',
  name: 'GitLab',
  displayName: 'GitLab',
  allEventTypes: EVENT_TYPES,
  urlOptions: [branchesOption],
  params: {
    branches: optional('text', z.string()),
    use_merge_request_title: optional('json', z.boolean(), true),
  },
  handle: (call) => {
    const payload = call.payload();
    const event = eventName(call.eventHeader('X-Gitlab-Event'), payload);
    const handler = handlers[event];
    if (!handler) throw new UnsupportedEventError(event);
    if (
      event === 'Push Hook' &&
      !branchWanted(branchName(payload.str('ref')), call.options.branches)
    ) {
      return [];
    }
    const { topic, content } = handler({
      payload,
      withTitle: call.userTopic !== undefined,
      useMergeRequestTitle: call.options.use_merge_request_title,
    });
    // A topic of the URL's own loses the project, so the message names it.
    const prefix = call.userTopic ? `[[${repoName(payload)}](${homepage(payload)})] ` : '';
    return [{ event, topic, content: prefix + content }];
  },
});
