import { describe, expect, it } from 'vitest';
import {
  expectBotMessage,
  integrationUnderTest,
  newestMessages,
  zulipPayload,
} from '../../helpers/webhooks';

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
  const integration = integrationUnderTest('uptimerobot', 'uptimerobot');
  // Any message the owner can read, so a notice to the owner counts too.
  const newestId = async () =>
    (await newestMessages(integration.hook.org, integration.hook.owner, 1))[0]?.id ?? 0;

  it.each(cases)('posts %s as Zulip does', async (fixture, topic, content) => {
    const response = await integration.post(zulipPayload('uptimerobot', fixture));
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await expectBotMessage(integration.hook, CLIENT, topic, content);
  });

  // Zulip's test_uptimerobot_invalid_payload_with_missing_data: Zulip answers
  // "Invalid payload" and tells the owner; Hearth names the missing key.
  it('refuses a payload without the alert type, posting nothing', async () => {
    const before = await newestId();
    const response = await integration.post(
      zulipPayload('uptimerobot', 'uptimerobot_invalid_payload_with_missing_data'),
    );
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      result: 'error',
      msg: "The UptimeRobot payload is missing 'alert_type_friendly_name'",
      payload_key: 'alert_type_friendly_name',
    });
    expect(await newestId()).toBe(before);
  });

  it('filters by "up" and "down", the event types Zulip names', async () => {
    const before = await newestId();
    const response = await integration.post(zulipPayload('uptimerobot', 'uptimerobot_monitor_up'), {
      exclude_events: '["up"]',
    });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    expect(await newestId()).toBe(before);
  });

  it('answers an alert type other than Up and Down as unsupported', async () => {
    const before = await newestId();
    const payload = JSON.parse(zulipPayload('uptimerobot', 'uptimerobot_monitor_up'));
    const response = await integration.post(
      JSON.stringify({ ...payload, alert_type_friendly_name: 'SSL Expiry' }),
    );
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
      event_type: 'SSL Expiry',
    });
    expect(await newestId()).toBe(before);
  });
});
