import type { MessageWidget } from '../../../src-preload/calls/widgetCalls';
import {
  widgetOf,
  widgetSubmessage,
  type WidgetAction,
  type WidgetSource,
  type WidgetState,
} from '../../widgets';
import type { Api } from '../api';
import type { Cache } from '../cache/accountCache';
import { mt } from '../../i18n/mainText';
import { refusedWhenUnreachable } from './unreachable';

/** A widget as the window draws it: voters by name, the viewer as "You", first. */
export function widgetView(
  widget: WidgetState,
  me: number | null,
  nameOf: (userId: number) => string,
): MessageWidget {
  if (widget.type === 'todo') {
    return { type: 'todo', title: widget.title, tasks: widget.tasks };
  }
  return {
    type: 'poll',
    question: widget.question,
    canAsk: widget.authorId === me,
    options: widget.options.map(({ key, option, voterIds }) => {
      const voted = me !== null && voterIds.includes(me);
      const others = voterIds.filter((id) => id !== me).map(nameOf);
      return {
        key,
        option,
        count: voterIds.length,
        voted,
        voters: voted ? [mt('main.names.you'), ...others] : others,
      };
    }),
  };
}

export interface WidgetsDeps {
  cache: Pick<Cache, 'messagesAmong' | 'ownUserId'>;
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<Api, 'sendSubmessage'>;
  online: () => boolean;
}

/** One account's polls and to-do lists: drawn from the cache, acted on through the server. */
export class AccountWidgets {
  readonly #deps: WidgetsDeps;
  /** Per message, the next index for an option or task this session adds, past those sent. */
  readonly #nextIdx = new Map<number, number>();

  constructor(deps: WidgetsDeps) {
    this.#deps = deps;
  }

  /** What draws messages' widgets, read once for a page of them. */
  viewShaper(nameOf: (userId: number) => string): (message: WidgetSource) => MessageWidget | null {
    const me = this.#deps.cache.ownUserId;
    return (message) => {
      const widget = widgetOf(message);
      return widget ? widgetView(widget, me, nameOf) : null;
    };
  }

  /**
   * Sends the submessage that does the action. Offline it is refused rather
   * than queued, as a reaction is: a vote toggles what the poll shows now,
   * and one sent later against a poll that changed meanwhile could undo what
   * the person meant.
   */
  async act(messageId: number, action: WidgetAction): Promise<void> {
    await refusedWhenUnreachable(
      this.#deps.online(),
      () => mt('main.offline.widget'),
      () => {
        const me = this.#deps.cache.ownUserId;
        const message = this.#deps.cache.messagesAmong({ kind: 'all' }, [messageId])[0];
        const atLeast = this.#nextIdx.get(messageId) ?? 0;
        const content =
          message && me !== null ? widgetSubmessage(message, me, action, atLeast) : null;
        if (content === null) throw new Error(mt('main.widgets.noWidget'));
        const index = content['type'] === 'new_task' ? content['key'] : content['idx'];
        if (typeof index === 'number') this.#nextIdx.set(messageId, index + 1);
        return this.#deps.api().sendSubmessage(messageId, 'widget', JSON.stringify(content));
      },
    );
  }
}
