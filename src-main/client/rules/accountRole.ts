import type { Role } from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';

/** The reader's role, from the register state's is_owner, is_admin, is_moderator and is_guest. */
export function roleOf(state: InitialState | null): Role {
  if (state?.['is_owner'] === true) return 'owner';
  if (state?.['is_admin'] === true) return 'administrator';
  if (state?.['is_moderator'] === true) return 'moderator';
  if (state?.['is_guest'] === true) return 'guest';
  return 'member';
}
