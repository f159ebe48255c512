import { describe, expect, it } from 'vitest';
import { expectBotMessage, integrationUnderTest, zulipPayload } from '../../helpers/webhooks';

// Zulip's Zabbix webhook tests (zerver/webhooks/zabbix/tests.py, of the
// snapshot zulip-fixtures/zabbix/SOURCE names): each posts Zulip's payload as
// the test does and checks the newest message, as check_webhook does.

const CLIENT = 'ZulipZabbixWebhook';

const alert = (emoji: string, severity: string) =>
  `${emoji} PROBLEM (${severity}) alert on ` +
  '[www.example.com](https://zabbix.example.com/tr_events.php?triggerid=14032&eventid=10528):\n' +
  '* Zabbix agent on www.example.com is unreachable for 5 minutes\n' +
  '* Agent ping is Up (1)';

// The cases of test_zabbix_alert_severities_with_emoji.
const severities: [fixture: string, severity: string, emoji: string][] = [
  ['zabbix_alert_disaster', 'Disaster', ':cross_mark:'],
  ['zabbix_alert_high', 'High', ':rotating_light:'],
  ['zabbix_alert_average', 'Average', ':yellow_circle:'],
  ['zabbix_alert_warning', 'Warning', ':warning:'],
  ['zabbix_alert_information', 'Information', ':bulb:'],
  ['zabbix_alert_not_classified', 'Not classified', ':question:'],
];

describe('the Zabbix integration', () => {
  const integration = integrationUnderTest('zabbix', 'zabbix', 'Zabbix');

  it.each(severities)(
    'posts %s with its severity emoji, as Zulip does',
    async (fixture, severity, emoji) => {
      const response = await integration.post(zulipPayload('zabbix', fixture));
      expect(response.json).toEqual({ result: 'success', msg: '' });
      await expectBotMessage(integration.hook, CLIENT, 'www.example.com', alert(emoji, severity));
    },
  );

  // Zulip's test_zabbix_invalid_payload_with_missing_data: Zulip answers
  // "Invalid payload" and tells the owner; Hearth names the missing key.
  it('refuses a payload without the hostname, posting nothing', () =>
    integration.expectMissingKey(
      zulipPayload('zabbix', 'zabbix_invalid_payload_with_missing_data'),
      'hostname',
    ));
});
