import type { Message as FeedMessage } from '../../../src-preload/bridge';
import type { Message } from '../../wire';
import type { AccountReactions } from '../actions/reactions';
import type { AccountWidgets } from '../actions/widgets';
import type { Cache } from '../cache/accountCache';
import { userNames } from '../views/conversationsView';

export interface FeedMessageParts {
  cache: Cache;
  reactions: Pick<AccountReactions, 'chipShaper'>;
  widgets: Pick<AccountWidgets, 'viewShaper'>;
}

/** The messages with their reactions shaped into chips and their widgets drawn, as the window shows them. */
export function withChips(messages: readonly Message[], parts: FeedMessageParts): FeedMessage[] {
  const hasExtras = (message: Message) =>
    message.reactions.length > 0 || message.submessages.length > 0;
  if (!messages.some(hasExtras)) return [...messages];
  const nameOf = userNames(parts.cache);
  const chipsOf = parts.reactions.chipShaper(nameOf);
  const widgetOf = parts.widgets.viewShaper(nameOf);
  return messages.map((message) => {
    if (!hasExtras(message)) return message;
    const widget = message.submessages.length > 0 ? widgetOf(message) : null;
    return {
      ...message,
      ...(message.reactions.length > 0 ? { reactionChips: chipsOf(message) } : {}),
      ...(widget ? { widget } : {}),
    };
  });
}
