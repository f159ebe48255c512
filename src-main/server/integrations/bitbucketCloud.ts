import { z } from 'zod';
import { optional } from '../http/params';
import { bodies } from './bitbucketCloudBodies';
import { repoName } from './bitbucketCloudContext';
import { pushMessages } from './bitbucketCloudPush';
import { topicWithNumber } from './git';
import {
  integration,
  UnsupportedEventError,
  type WebhookCall,
  type WebhookMessage,
} from './integration';
import type { Payload } from './payload';
import { branchesOption } from './urlOptions';

// Bitbucket Cloud (Zulip's "bitbucket2"). Zulip tells most events apart by
// the payload's keys and reads the X-Event-Key header only for pull requests
// and for payloads it cannot otherwise place.

const pullRequestActions = new Set([
  'approved',
  'unapproved',
  'created',
  'updated',
  'rejected',
  'fulfilled',
  'comment_created',
  'comment_updated',
  'comment_deleted',
]);

function eventOf(call: WebhookCall, payload: Payload): string {
  if (payload.has('push')) return 'push';
  if (payload.has('fork')) return 'fork';
  if (payload.has('comment') && payload.has('commit')) return 'commit_comment';
  if (payload.has('commit_status')) return 'change_commit_status';
  if (payload.has('issue')) {
    if (payload.has('changes')) return 'issue_updated';
    return payload.has('comment') ? 'issue_commented' : 'issue_created';
  }
  const eventKey = call.eventHeader('X-Event-Key');
  if (payload.has('pullrequest')) {
    const action = eventKey.startsWith('pullrequest:') ? eventKey.slice('pullrequest:'.length) : '';
    if (pullRequestActions.has(action)) return `pull_request_${action}`;
  } else if (eventKey === 'repo:updated') {
    return eventKey;
  }
  throw new UnsupportedEventError(eventKey);
}

function topicOf(event: string, payload: Payload): string {
  if (event.startsWith('pull_request')) {
    const pr = payload.get('pullrequest');
    return topicWithNumber(repoName(payload), 'PR', pr.get('id').int(), pr.str('title'));
  }
  if (event.startsWith('issue')) {
    const issue = payload.get('issue');
    return topicWithNumber(repoName(payload), 'issue', issue.get('id').int(), issue.str('title'));
  }
  return repoName(payload);
}

const EVENT_TYPES = [
  'change_commit_status',
  'pull_request_comment_created',
  'pull_request_updated',
  'pull_request_unapproved',
  'push',
  'pull_request_approved',
  'pull_request_fulfilled',
  'issue_created',
  'issue_commented',
  'fork',
  'pull_request_comment_updated',
  'pull_request_created',
  'pull_request_rejected',
  'repo:updated',
  'issue_updated',
  'commit_comment',
  'pull_request_comment_deleted',
];

export const bitbucketCloud = integration({
  urlName: 'bitbucket2',
  // Zulip 12 renamed it when it dropped its Bitbucket Enterprise integration,
  // which had the name; before 12, `bitbucket` names that one.
  renamedTo: 'bitbucket',
  name: 'Bitbucket2',
  displayName: 'Bitbucket',
  allEventTypes: EVENT_TYPES,
  urlOptions: [branchesOption],
  unquoteUrlParameters: true,
  params: { branches: optional('text', z.string()) },
  handle: (call): WebhookMessage[] => {
    const payload = call.payload();
    const event = eventOf(call, payload);
    if (event === 'push') return pushMessages(payload, call.options.branches);
    const body = bodies[event];
    if (!body) throw new UnsupportedEventError(event);
    const content = body(payload, call.userTopic !== undefined);
    return [{ event, topic: topicOf(event, payload), content }];
  },
});
