import type { QueuedEvent } from '../wire';
import type { InitialState } from '../wire/registerState';
import { roleNumberOf, rolePermits } from '../permissions/rolePolicies';

// Zulip 10 (feature level 306) announces a change of plan as an update_dict
// that can carry the upload limit, which register names without `realm_`.
const unprefixed = new Set(['max_file_upload_size_mib']);

/**
 * Zulip's apply_event for `realm`: `update` sets one `realm_<property>`,
 * `update_dict` (of the `default` settings, or of the `icon`) sets several at
 * once. A change of who may invite also changes whether this user may, as
 * Zulip recomputes it.
 */
export function applyRealmEvent(state: InitialState, event: QueuedEvent): InitialState {
  if (event.op === 'update' && typeof event.property === 'string') {
    if (!(`realm_${event.property}` in state)) return state;
    const next: InitialState = { ...state, [`realm_${event.property}`]: event.value };
    if (event.property === 'invite_to_realm_policy' && 'can_invite_others_to_realm' in state) {
      next['can_invite_others_to_realm'] = rolePermits(roleNumberOf(state), event.value);
    }
    // Zulip 8.0 (feature level 212): the Jitsi server clients use is the
    // organization's own, or else the server's.
    if (event.property === 'jitsi_server_url' && 'jitsi_server_url' in state) {
      next['jitsi_server_url'] = event.value ?? state['server_jitsi_server_url'];
    }
    return next;
  }
  if (event.op === 'update_dict') {
    const data = event.data as Record<string, unknown>;
    const next: InitialState = { ...state };
    for (const [key, value] of Object.entries(data)) {
      const name = unprefixed.has(key) ? key : `realm_${key}`;
      if (name in state) next[name] = value;
    }
    return next;
  }
  return state;
}
