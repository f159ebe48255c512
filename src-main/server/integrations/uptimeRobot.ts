import { integration, UnsupportedEventError } from './integration';

const EVENT_TYPES = ['up', 'down'];

/**
 * UptimeRobot, with the custom payload Zulip's documentation has it send: one
 * message per monitor going down or coming back up, in a topic named for the
 * monitor. A payload missing a field is refused with a 400 naming it, where
 * Zulip answers "Invalid payload" and tells the bot's owner.
 */
export const uptimeRobot = integration({
  urlName: 'uptimerobot',
  name: 'UptimeRobot',
  displayName: 'UptimeRobot',
  allEventTypes: EVENT_TYPES,
  params: {},
  handle: (call) => {
    const payload = call.payload();
    const type = payload.str('alert_type_friendly_name');
    // Zulip knows only these two; any other fails there without a message.
    if (type !== 'Up' && type !== 'Down') throw new UnsupportedEventError(type);
    const name = payload.str('monitor_friendly_name');
    const monitor = `${name} (${payload.str('monitor_url')})`;
    const details = payload.str('alert_details');
    const content =
      type === 'Up'
        ? `${monitor} is back UP (${details}).\n` +
          `It was down for ${payload.str('alert_friendly_duration')}.`
        : `${monitor} is DOWN (${details}).`;
    return [{ topic: name, content, event: type.toLowerCase() }];
  },
});
