import { describe, expect, it } from 'vitest';
import { expectBotMessage, integrationUnderTest, zulipPayload } from '../../helpers/webhooks';

// Zulip's Opsgenie webhook tests (zerver/webhooks/opsgenie/tests.py, of the
// snapshot zulip-fixtures/opsgenie/SOURCE names): each posts Zulip's payload
// labelled as a form, as the test does, and checks the newest message.

const CLIENT = 'ZulipOpsgenieWebhook';
const ALERT_1 = '052652ac-5d1c-464a-812a-7dd18bbfba8c';

const heading = (name: string, alertId: string, host = 'app.opsgenie.com') =>
  `[Opsgenie alert for ${name}](https://${host}/alert/V2#/show/${alertId}):`;

const integration1 = (type: string, ...lines: string[]) =>
  [heading('Integration1', ALERT_1), `* **Type**: ${type}`, ...lines].join('\n');

const TEST_ALERT = '* **Message**: test alert';
const TAGS = '* **Tags**: `tag1`, `tag2`';

// One row per test of tests.py.
const cases: [fixture: string, topic: string, content: string][] = [
  ['acknowledge', 'Integration1', integration1('Acknowledge', TEST_ALERT, TAGS)],
  [
    'addnote',
    'Integration1',
    integration1('AddNote', '* **Note**: note to test alert', TEST_ALERT, TAGS),
  ],
  [
    'addrecipient',
    'Integration1',
    integration1('AddRecipient', '* **Recipient**: team2_escalation', TEST_ALERT, TAGS),
  ],
  [
    'addtags',
    'Integration1',
    integration1(
      'AddTags',
      '* **Tags added**: tag1,tag2,tag3',
      TEST_ALERT,
      '* **Tags**: `tag1`, `tag2`, `tag3`',
    ),
  ],
  ['addteam', 'Integration1', integration1('AddTeam', '* **Team added**: team2', TEST_ALERT, TAGS)],
  [
    'assignownership',
    'Integration1',
    integration1('AssignOwnership', '* **Assigned owner**: user2@ifountain.com', TEST_ALERT, TAGS),
  ],
  ['close', 'Integration1', integration1('Close', TEST_ALERT)],
  [
    'create',
    'Webhook',
    [
      heading('Webhook', 'ec03dad6-62c8-4c94-b38b-d88f398e900f'),
      '* **Type**: Create',
      '* **Message**: another alert',
      '* **Tags**: `vip`',
    ].join('\n'),
  ],
  ['customaction', 'Integration1', integration1('TestAction', TEST_ALERT, TAGS)],
  ['delete', 'Integration1', integration1('Delete', TEST_ALERT)],
  [
    'escalate',
    'Webhook_Test',
    [
      heading('Webhook_Test', '7ba97e3a-d328-4b5e-8f9a-39e945a3869a'),
      '* **Type**: Escalate',
      '* **Escalation**: test_esc',
    ].join('\n'),
  ],
  [
    'removetags',
    'Integration1',
    integration1('RemoveTags', '* **Tags removed**: tag3', TEST_ALERT, TAGS),
  ],
  [
    'takeownership',
    'Webhook',
    [
      heading('Webhook', '8a745a79-3ed3-4044-8427-98e067c0623c'),
      '* **Type**: TakeOwnership',
      '* **Message**: message test',
      TAGS,
    ].join('\n'),
  ],
  ['unacknowledge', 'Integration1', integration1('UnAcknowledge', TEST_ALERT, TAGS)],
];

describe('the Opsgenie integration', () => {
  const integration = integrationUnderTest('opsgenie', 'opsgenie', 'Opsgenie');
  const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const post = (body: string, query: Record<string, string> = {}) =>
    integration.post(body, query, headers);

  it.each(cases)('posts %s as Zulip does', async (fixture, topic, content) => {
    const response = await post(zulipPayload('opsgenie', fixture));
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await expectBotMessage(integration.hook, CLIENT, topic, content);
  });

  it('links an alert in the EU region to the EU host', async () => {
    await post(zulipPayload('opsgenie', 'close'), { eu_region: 'true' });
    await expectBotMessage(
      integration.hook,
      CLIENT,
      'Integration1',
      [
        heading('Integration1', ALERT_1, 'app.eu.opsgenie.com'),
        '* **Type**: Close',
        TEST_ALERT,
      ].join('\n'),
    );
  });

  it('filters by the alert action, which Zulip names as the event type', () =>
    integration.expectNothingPosted(zulipPayload('opsgenie', 'close'), {
      query: { only_events: '["Acknowledge"]' },
      headers,
    }));

  it('refuses an alert without its ID, posting nothing', () => {
    const payload = JSON.parse(zulipPayload('opsgenie', 'acknowledge'));
    delete payload.alert.alertId;
    return integration.expectMissingKey(JSON.stringify(payload), 'alert.alertId', { headers });
  });
});
