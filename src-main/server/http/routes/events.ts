import { z } from 'zod';
import { errors } from '../../errors';
import { checkQueueNarrow, type QueueNarrowTerm } from '../../events/narrow';
import { narrowSchema } from '../../narrow/terms';
import { fetchInitialState } from '../../state/initialState';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

const typesSchema = z.array(z.string());

function queueNarrow(terms: z.output<typeof narrowSchema>): QueueNarrowTerm[] {
  const simple = terms.map((term) => {
    if (typeof term.operand !== 'string' || term.negated) {
      throw errors.badNarrow(`${term.operator} needs a single, non-negated operand`);
    }
    return { operator: term.operator, operand: term.operand };
  });
  checkQueueNarrow(simple);
  return simple;
}

export const register = userEndpoint({
  method: 'POST',
  path: '/register',
  params: {
    apply_markdown: optional('json', z.boolean(), false),
    client_gravatar: optional('json', z.boolean(), false),
    event_types: optional('json', typesSchema),
    fetch_event_types: optional('json', typesSchema),
    all_public_streams: optional('json', z.boolean(), false),
    include_subscribers: optional('json', z.boolean(), false),
    narrow: optional('json', narrowSchema, []),
    client_capabilities: optional('json', z.record(z.string(), z.unknown())),
    slim_presence: optional('json', z.boolean(), false),
  },
  handle: ({ services, params, user }) => {
    const narrow = queueNarrow(params.narrow);
    // The queue exists before the state is read, so no change can fall between them.
    const queue = services.queues.register({
      userId: user.id,
      eventTypes: params.event_types ?? null,
      applyMarkdown: params.apply_markdown,
      clientGravatar: params.client_gravatar,
      allPublicStreams: params.all_public_streams,
      narrow,
      bulkMessageDeletion: params.client_capabilities?.bulk_message_deletion === true,
    });
    const state = fetchInitialState(
      services,
      user,
      params.fetch_event_types ?? params.event_types ?? null,
      { clientGravatar: params.client_gravatar, includeSubscribers: params.include_subscribers },
    );
    return { queue_id: queue.id, last_event_id: -1, ...state };
  },
});

export const getEvents = userEndpoint({
  method: 'GET',
  path: '/events',
  params: {
    queue_id: required('text', z.string()),
    last_event_id: optional('json', z.number().int()),
    dont_block: optional('json', z.boolean(), false),
  },
  handle: async ({ services, params, user, signal }) => {
    const events = await services.queues.fetch(params.queue_id, user.id, {
      lastEventId: params.last_event_id,
      dontBlock: params.dont_block,
      signal,
    });
    return { events, queue_id: params.queue_id };
  },
});

export const deleteQueue = userEndpoint({
  method: 'DELETE',
  path: '/events',
  params: { queue_id: required('text', z.string()) },
  handle: ({ services, params, user }) => {
    services.queues.delete(params.queue_id, user.id);
    return {};
  },
});
