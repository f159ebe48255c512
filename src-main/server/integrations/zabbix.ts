import { integration } from './integration';

// The emoji Zulip leads an alert with, by Zabbix's severity names.
const SEVERITY_EMOJI: ReadonlyMap<string, string> = new Map([
  ['Disaster', ':cross_mark:'],
  ['High', ':rotating_light:'],
  ['Average', ':yellow_circle:'],
  ['Warning', ':warning:'],
  ['Information', ':bulb:'],
  ['Not classified', ':question:'],
]);

/**
 * Zabbix, through the script Zulip's documentation has it run: one message per
 * alert, in a topic named for the host. Zulip names no event type. A payload
 * missing a field is refused with a 400 naming it, where Zulip answers
 * "Invalid payload" and tells the bot's owner.
 */
export const zabbix = integration({
  urlName: 'zabbix',
  name: 'Zabbix',
  displayName: 'Zabbix',
  allEventTypes: null,
  params: {},
  handle: (call) => {
    const payload = call.payload();
    const hostname = payload.str('hostname');
    const severity = payload.str('severity');
    const status = payload.str('status');
    const item = payload.str('item');
    const trigger = payload.str('trigger');
    const link = payload.str('link');
    const emoji = SEVERITY_EMOJI.get(severity);
    const heading = `${status} (${severity}) alert on [${hostname}](${link}):`;
    return [
      {
        topic: hostname,
        content: `${emoji === undefined ? '' : `${emoji} `}${heading}\n* ${trigger}\n* ${item}`,
      },
    ];
  },
});
