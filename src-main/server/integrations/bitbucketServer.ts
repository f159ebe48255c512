import { z } from 'zod';
import { optional } from '../http/params';
import type { ServerHandler } from './bitbucketServerContext';
import { pullRequestHandlers } from './bitbucketServerPullRequests';
import { repositoryHandlers } from './bitbucketServerRepository';
import { integration, UnsupportedEventError, type WebhookMessage } from './integration';

// Bitbucket Server (Zulip's "bitbucket3"). Its payloads name their own event
// in `eventKey`; only its test ping comes with the event in the header alone.

const handlers = new Map<string, ServerHandler>(
  Object.entries({ ...repositoryHandlers, ...pullRequestHandlers }),
);

export const bitbucketServer = integration({
  urlName: 'bitbucket3',
  name: 'Bitbucket3',
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
