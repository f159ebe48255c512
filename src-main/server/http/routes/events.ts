import { z } from 'zod';
import { errors } from '../../errors';
import { idleSecondsFor } from '../../events/idleTimeout';
import { checkQueueNarrow, type QueueNarrowTerm } from '../../events/narrow';
import type { EventQueue, QueueSettings } from '../../events/queue';
import { narrowSchema } from '../../narrow/terms';
import type { Services } from '../../services';
import { fetchInitialState } from '../../register/initialState';
import { Role, type UserRow } from '../../store/users';
import { JsonAnswer, userEndpoint } from '../endpoint';
import { includeSubscribersParam } from '../includeSubscribersParam';
import { optional, required, type Decoded } from '../params';

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

// The register arguments a queue keeps; GET /events takes them too, for the
// queue it registers when called without one.
const queueParams = {
  apply_markdown: optional('json', z.boolean(), false),
  client_gravatar: optional('json', z.boolean(), false),
  event_types: optional('json', typesSchema),
  all_public_streams: optional('json', z.boolean(), false),
  narrow: optional('json', narrowSchema, []),
};

/** The client_capabilities that change which events a queue gets, or their shape. */
type QueueCapabilities = Pick<
  QueueSettings,
  | 'bulkMessageDeletion'
  | 'linkifierUrlTemplate'
  | 'streamTypingNotifications'
  | 'includeDeactivatedGroups'
  | 'individualEmojiChanges'
  | 'simplifiedPresenceEvents'
  | 'archivedChannels'
  | 'emptyTopicName'
>;

function registerQueue(
  services: Services,
  user: UserRow,
  params: Decoded<typeof queueParams>,
  capabilities: QueueCapabilities & Pick<QueueSettings, 'idleSeconds'>,
): EventQueue {
  // Zulip's do_events_register and get_events_backend: guests cannot follow every public stream.
  if (params.all_public_streams && user.role === Role.guest) {
    throw errors.badRequest('User not authorized for this query');
  }
  const narrow = queueNarrow(params.narrow);
  return services.queues.register({
    userId: user.id,
    eventTypes: params.event_types ?? null,
    applyMarkdown: params.apply_markdown,
    clientGravatar: params.client_gravatar,
    allPublicStreams: params.all_public_streams,
    narrow,
    ...capabilities,
  });
}

export const register = userEndpoint({
  method: 'POST',
  path: '/register',
  params: {
    ...queueParams,
    fetch_event_types: optional('json', typesSchema),
    include_subscribers: includeSubscribersParam(),
    client_capabilities: optional('json', z.record(z.string(), z.unknown())),
    slim_presence: optional('json', z.boolean(), false),
    presence_history_limit_days: optional('json', z.number().int()),
    idle_queue_timeout: optional(
      'json',
      z.union([z.number().int().nonnegative(), z.literal('mobile')]),
    ),
  },
  handle: ({ services, params, user }) => {
    // The queue exists before the state is read, so no change can fall between them.
    const capabilities = params.client_capabilities ?? {};
    const queue = registerQueue(services, user, params, {
      bulkMessageDeletion: capabilities.bulk_message_deletion === true,
      linkifierUrlTemplate: capabilities.linkifier_url_template === true,
      streamTypingNotifications: capabilities.stream_typing_notifications === true,
      archivedChannels: capabilities.archived_channels === true,
      includeDeactivatedGroups: capabilities.include_deactivated_groups === true,
      individualEmojiChanges: capabilities.individual_emoji_changes === true,
      simplifiedPresenceEvents: capabilities.simplified_presence_events === true,
      emptyTopicName: capabilities.empty_topic_name === true,
      idleSeconds: idleSecondsFor(params.idle_queue_timeout),
    });
    const state = fetchInitialState(
      services,
      user,
      params.fetch_event_types ?? params.event_types ?? null,
      {
        clientGravatar: params.client_gravatar,
        includeSubscribers: params.include_subscribers,
        slimPresence: params.slim_presence,
        presenceHistoryLimitDays: params.presence_history_limit_days,
        linkifierUrlTemplate: capabilities.linkifier_url_template === true,
        archivedChannels: capabilities.archived_channels === true,
        includeDeactivatedGroups: capabilities.include_deactivated_groups === true,
        emptyTopicName: capabilities.empty_topic_name === true,
        userListIncomplete: capabilities.user_list_incomplete === true,
      },
    );
    return {
      queue_id: queue.id,
      last_event_id: -1,
      event_queue_longpoll_timeout_seconds: services.queues.longpollTimeoutSeconds,
      idle_queue_timeout_secs: services.queues.idleTimeoutSeconds(queue),
      ...state,
    };
  },
});

export const getEvents = userEndpoint({
  method: 'GET',
  path: '/events',
  rateBucket: 'eventQueue',
  params: {
    queue_id: optional('text', z.string()),
    last_event_id: optional('json', z.number().int()),
    dont_block: optional('json', z.boolean(), false),
    ...queueParams,
    bulk_message_deletion: optional('json', z.boolean(), false),
    stream_typing_notifications: optional('json', z.boolean(), false),
  },
  handle: ({ services, params, user, hangUp }) => {
    const queueId =
      params.queue_id ??
      registerQueue(services, user, params, {
        bulkMessageDeletion: params.bulk_message_deletion,
        streamTypingNotifications: params.stream_typing_notifications,
      }).id;
    const request = {
      // A queue registered just now has nothing to acknowledge (Zulip ignores the ID too).
      lastEventId: params.queue_id === undefined ? undefined : params.last_event_id,
      dontBlock: params.dont_block,
      hangUp,
    };
    return (send) =>
      services.queues.fetch(queueId, user.id, request, (events) =>
        send(new JsonAnswer(`"events":${events},"queue_id":${JSON.stringify(queueId)}`)),
      );
  },
});

export const deleteQueue = userEndpoint({
  method: 'DELETE',
  path: '/events',
  rateBucket: 'eventQueue',
  params: { queue_id: required('text', z.string()) },
  handle: ({ services, params, user }) => {
    services.queues.delete(params.queue_id, user.id);
    return {};
  },
});
