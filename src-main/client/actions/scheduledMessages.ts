import type { ScheduledMessageView } from '../../../src-preload/calls/scheduledMessageCalls';
import type { InitialState } from '../../wire/registerState';
import { mt } from '../../i18n/mainText';
import { refusedWhenUnreachable } from './unreachable';
import { scheduledMessageSchema, type ScheduledMessage, type User } from '../../wire';
import type { Api, OutgoingMessage } from '../api';

// How soon "Send now" asks for: the server refuses a time not in the future,
// and its clock may run a little ahead of this computer's.
const SEND_NOW_LEAD_SECONDS = 5;

export interface ScheduledMessagesDeps {
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<Api, 'scheduleMessage' | 'updateScheduledMessage' | 'deleteScheduledMessage'>;
  /** The register state as events keep it, or as the cache saved it while signed out. */
  state: () => InitialState | null;
  people: () => readonly User[];
  streamName: (streamId: number) => string | null;
  ownUserId: () => number | null;
  online: () => boolean;
  /** Seconds since the epoch. */
  now: () => number;
}

/** The reader's timezone setting, which presets like "tomorrow 9:00" follow; empty for the computer's. */
export function timezoneOf(state: InitialState | null): string {
  const setting = state?.user_settings?.['timezone'];
  return typeof setting === 'string' ? setting : '';
}

// Register's list as saved: an old cache or a newer server may hold anything,
// so what does not parse is left out rather than shown wrong.
function savedList(state: InitialState | null): ScheduledMessage[] {
  return (state?.scheduled_messages ?? []).flatMap((entry) => {
    const parsed = scheduledMessageSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The reader's scheduled messages: read from the register state, which the
 * server's scheduled_messages events keep current (a message scheduled on
 * another device shows too, and the cache keeps the list offline); changed
 * on the server only, since only the server sends them at their time.
 */
export class ScheduledMessages {
  constructor(private readonly deps: ScheduledMessagesDeps) {}

  list(): ScheduledMessageView[] {
    const names = new Map(this.deps.people().map((user) => [user.user_id, user.full_name]));
    const me = this.deps.ownUserId();
    return savedList(this.deps.state()).map((message) => {
      const common = {
        id: message.scheduled_message_id,
        content: message.content,
        html: message.rendered_content,
        at: message.scheduled_delivery_timestamp,
        failed: message.failed,
      };
      if (message.type === 'stream') {
        const stream = this.deps.streamName(message.to) ?? mt('main.names.unknownChannel');
        return {
          ...common,
          to: { kind: 'stream', streamId: message.to, stream, topic: message.topic },
        };
      }
      const others = message.to.filter((id) => id !== me);
      const userIds = others.length > 0 || me === null ? others : [me];
      const peopleNames = userIds.map((id) => names.get(id) ?? mt('main.names.unknownUser'));
      return { ...common, to: { kind: 'private', userIds, names: peopleNames } };
    });
  }

  async schedule(to: OutgoingMessage['to'], content: string, at: number): Promise<void> {
    await this.#whileOnline('scheduled', () =>
      this.deps.api().scheduleMessage({ to, content, deliverAt: at }),
    );
  }

  async edit(id: number, change: { content?: string | undefined; at?: number | undefined }) {
    await this.#whileOnline('changed', () =>
      this.deps.api().updateScheduledMessage(id, {
        ...(change.content !== undefined ? { content: change.content } : {}),
        ...(change.at !== undefined ? { deliverAt: change.at } : {}),
      }),
    );
  }

  /**
   * Zulip 7.0's web app has no "Send now": moving the time to a moment from
   * now lets the server send it as it sends any, once, even if this
   * computer goes offline meanwhile, where sending a copy and deleting the
   * scheduled one could send it twice.
   */
  sendNow(id: number): Promise<void> {
    return this.edit(id, { at: this.deps.now() + SEND_NOW_LEAD_SECONDS });
  }

  async cancel(id: number): Promise<void> {
    await this.#whileOnline('cancelled', () => this.deps.api().deleteScheduledMessage(id));
  }

  #whileOnline(what: 'scheduled' | 'changed' | 'cancelled', send: () => Promise<unknown>) {
    const refusal = () => mt('main.offline.scheduled', { what });
    return refusedWhenUnreachable(this.deps.online(), refusal, send);
  }
}
