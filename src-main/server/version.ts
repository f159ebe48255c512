// The Zulip release whose API Hearth reproduces; clients gate features on the
// feature level, so it must only rise when the matching behaviour exists.
export const ZULIP_VERSION = '12.0';
export const ZULIP_FEATURE_LEVEL = 498;
export const HEARTH_VERSION = '0.1.0';
/**
 * Zulip's server_generation, which register states and a `restart` event
 * repeats: one value, as a host's queues outlive its restarts.
 */
export const SERVER_GENERATION = 0;
