import type { QueuedEvent } from '../wire';
import type { InitialState } from '../wire/registerState';

/**
 * The three ways Zulip 7.0 announces a changed setting: `user_settings` for
 * the settings object, and the legacy events for the top-level copies older
 * clients read. Each changes only what the state already holds.
 */
export function applySettingsEvent(state: InitialState, event: QueuedEvent): InitialState {
  switch (event.type) {
    case 'user_settings': {
      const settings = state.user_settings;
      if (event.op !== 'update' || !settings) return state;
      return {
        ...state,
        user_settings: { ...settings, [event.property as string]: event.value },
      };
    }
    case 'update_global_notifications': {
      const name = event.notification_name as string;
      return name in state ? { ...state, [name]: event.setting } : state;
    }
    case 'update_display_settings': {
      const name = event.setting_name as string;
      return name in state ? { ...state, [name]: event.setting } : state;
    }
    default:
      return state;
  }
}
