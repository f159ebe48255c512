import { describe, expect, it } from 'vitest';
import { expectBotMessage, integrationUnderTest, zulipPayload } from '../../helpers/webhooks';

// Zulip's UptimeRobot webhook tests (zerver/webhooks/uptimerobot/tests.py, of
// the snapshot zulip-fixtures/uptimerobot/SOURCE names): each posts Zulip's
// payload as the test does and checks the newest message, as check_webhook does.

const CLIENT = 'ZulipUptimeRobotWebhook';

const cases: [fixture: string, topic: string, content: string][] = [
  [
    'uptimerobot_monitor_down',
    'Web Server',
    'Web Server (server1.example.com) is DOWN (Host Is Unreachable).',
  ],
  [
    'uptimerobot_monitor_up',
    'Mail Server',
    'Mail Server (server2.example.com) is back UP (Host Is Reachable).\n' +
      'It was down for 44 minutes and 37 seconds.',
  ],
];

describe('the UptimeRobot integration', () => {
  const integration = integrationUnderTest('uptimerobot', 'uptimerobot', 'UptimeRobot');

  it.each(cases)('posts %s as Zulip does', async (fixture, topic, content) => {
    const response = await integration.post(zulipPayload('uptimerobot', fixture));
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await expectBotMessage(integration.hook, CLIENT, topic, content);
  });

  // Zulip's test_uptimerobot_invalid_payload_with_missing_data: Zulip answers
  // "Invalid payload" and tells the owner; Hearth names the missing key.
  it('refuses a payload without the alert type, posting nothing', () =>
    integration.expectMissingKey(
      zulipPayload('uptimerobot', 'uptimerobot_invalid_payload_with_missing_data'),
      'alert_type_friendly_name',
    ));

  it('filters by "up" and "down", the event types Zulip names', () =>
    integration.expectNothingPosted(zulipPayload('uptimerobot', 'uptimerobot_monitor_up'), {
      query: { exclude_events: '["up"]' },
    }));

  it('answers an alert type other than Up and Down as unsupported', () => {
    const payload = JSON.parse(zulipPayload('uptimerobot', 'uptimerobot_monitor_up'));
    return integration.expectUnsupported(
      JSON.stringify({ ...payload, alert_type_friendly_name: 'SSL Expiry' }),
      'SSL Expiry',
    );
  });
});
