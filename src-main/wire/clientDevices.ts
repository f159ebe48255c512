/**
 * Zulip 12's record of a signed-in phone (feature level 468): its push key
 * and token, each null until the phone has registered one.
 */
export interface ClientDevice {
  push_key_id: number | null;
  push_token_id: string | null;
  pending_push_token_id: string | null;
  push_token_last_updated_timestamp: number | null;
  push_registration_error_code: string | null;
}

/** A device that has registered neither a push key nor a token: how every device starts. */
export const unregisteredDevice: ClientDevice = {
  push_key_id: null,
  push_token_id: null,
  pending_push_token_id: null,
  push_token_last_updated_timestamp: null,
  push_registration_error_code: null,
};

/** Register's `devices`: the user's own devices, by ID. */
export type ClientDevices = Record<string, ClientDevice>;
