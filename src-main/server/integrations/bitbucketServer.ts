import { z } from 'zod';
import { optional } from '../http/params';
import type { ServerHandler } from './bitbucketServerContext';
import { pullRequestHandlers } from './bitbucketServerPullRequests';
import { repositoryHandlers } from './bitbucketServerRepository';
import { integration, UnsupportedEventError, type WebhookMessage } from './integration';
import { branchesOption } from './urlOptions';

// Bitbucket Server (Zulip's "bitbucket3"). Its payloads name their own event
// in `eventKey`; only its test ping comes with the event in the header alone.

const handlers = new Map<string, ServerHandler>(
  Object.entries({ ...repositoryHandlers, ...pullRequestHandlers }),
);

const EVENT_TYPES = [
  'diagnostics:ping',
  'repo:comment:added',
  'repo:comment:edited',
  'repo:comment:deleted',
  'repo:forked',
  'repo:modified',
  'repo:refs_changed',
  'pr:comment:added',
  'pr:comment:edited',
  'pr:comment:deleted',
  'pr:declined',
  'pr:deleted',
  'pr:merged',
  'pr:modified',
  'pr:opened',
  'pr:reviewer:approved',
  'pr:reviewer:needs_work',
  'pr:reviewer:updated',
  'pr:reviewer:unapproved',
];

// Zulip 12 dropped its Bitbucket Server integration, which Bitbucket Data
// Center still speaks; the host keeps it, listed as Zulip 11 listed it.
export const bitbucketServer = integration({
  urlName: 'bitbucket3',
  name: 'Bitbucket3',
  displayName: 'Bitbucket Server',
  allEventTypes: EVENT_TYPES,
  urlOptions: [branchesOption],
  unquoteUrlParameters: true,
  params: { branches: optional('text', z.string()) },
  handle: (call): WebhookMessage[] => {
    const payload = call.payload();
    const event = payload.has('eventKey')
      ? payload.str('eventKey')
      : call.eventHeader('X-Event-Key');
    const handler = handlers.get(event);
    if (!handler) throw new UnsupportedEventError(event);
    const context = {
      payload,
      branches: call.options.branches,
      // Zulip tests the URL's topic for truth here, where Bitbucket Cloud tests it for presence.
      withTitle: Boolean(call.userTopic),
    };
    return handler(context).map((message) => ({ ...message, event }));
  },
});
