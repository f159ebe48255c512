import type { RealmBot } from '../wire';
import type { QueuedEvent } from '../wire';
import type { InitialState } from '../wire/registerState';

const byUserId = (a: RealmBot, b: RealmBot) => a.user_id - b.user_id;

/**
 * Zulip's apply_event for realm_bot: `remove` is a deactivation, which leaves
 * the bot listed as inactive; `delete` takes it out of the list (its owner
 * changed); an update names the new owner_id or carries the changed fields.
 */
export function applyRealmBotEvent(state: InitialState, event: QueuedEvent): InitialState {
  const bots = state.realm_bots;
  if (!bots) return state;
  const change = event.bot as Partial<RealmBot> & { user_id: number };
  const others = bots.filter((bot) => bot.user_id !== change.user_id);
  switch (event.op) {
    case 'add':
      return { ...state, realm_bots: [...others, change as RealmBot].sort(byUserId) };
    case 'delete':
      return { ...state, realm_bots: others };
    case 'remove':
    case 'update': {
      const fields = event.op === 'remove' ? { is_active: false } : change;
      const realmBots = bots.map((bot) =>
        bot.user_id === change.user_id ? { ...bot, ...fields, user_id: bot.user_id } : bot,
      );
      return { ...state, realm_bots: realmBots };
    }
    default:
      return state;
  }
}
