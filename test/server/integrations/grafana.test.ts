import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Org, TestUser } from '../../helpers/org';
import { fixture, newestMessages, postWebhook, startIntegrationOrg } from '../../helpers/webhooks';

const G = 'https://grafana.example.org';
const RULE = 'http://grafana.example.org:3000/d/harbour?tab=alert&editPanel=2';

describe('the Grafana integration', () => {
  let org: Org;
  let alice: TestUser;
  let bot: TestUser;

  beforeAll(async () => {
    ({ org, owner: alice, bot } = await startIntegrationOrg('grafana', 'alerts'));
  });
  afterAll(() => org.close());

  const post = (name: string, query: Record<string, string> = {}) =>
    postWebhook(org, bot, 'grafana', {
      query: { stream: 'alerts', ...query },
      body: fixture('grafana', name),
    });
  const newest = async (count: number) =>
    (await newestMessages(org, alice, count)).map(({ subject, content }) => ({ subject, content }));

  describe('unified alerting (Grafana 8 and later)', () => {
    it('sends one message per alert, topic named after the alert', async () => {
      const response = await post('alerts_unified.json');
      expect(response.json).toEqual({ result: 'success', msg: '' });
      expect(await newest(3)).toEqual([
        {
          subject: '[High fog density]',
          content:
            ':alert: **FIRING**\n\n**High fog density**\n\n' +
            'This alert was fired at <time:2024-06-01T04:10:00Z>.\n\n' +
            'Labels:\n- alertname: High fog density\n- grafana_folder: harbour\n- severity: warning\n\n' +
            'Values:\n- B: 0.93\n- C: 1\n\n' +
            'Annotations:\n- summary: Fog density above 0.9\n\n' +
            `[Generator](${G}/alerting/grafana/fog01/view?orgId=1)\n` +
            `[Silence](${G}/alerting/silence/new?alertmanager=grafana&matcher=alertname%3DHigh+fog+density)`,
        },
        {
          subject: '[Lamp offline]',
          content:
            ':checkbox: **RESOLVED**\n\n**Lamp offline**\n\n' +
            'This alert was fired at <time:2024-06-01T05:00:00Z>.\n\n' +
            'This alert was resolved at <time:2024-06-01T05:12:30Z>.\n\n' +
            'Labels:\n- alertname: Lamp offline\n- lamp: north\n\n' +
            "Values:\n[ var='A' labels={lamp=north} value=0 ]\n\n" +
            'Annotations:\n- summary: The north lamp stopped answering\n\n' +
            `[Generator](${G}/alerting/grafana/lamp02/view?orgId=1)\n` +
            `[Image](${G}/public/render/lamp02.png)`,
        },
        {
          subject: '[9f3e2d1c0b4a5968]',
          content:
            ':alert: **FIRING**\n\nThis alert was fired at <time:2024-06-01T06:00:00Z>.\n\n' +
            'Labels:\n- team: ops',
        },
      ]);
    });

    it('filters alerts by their status with only_events', async () => {
      const before = (await newestMessages(org, alice, 1))[0]?.id ?? 0;
      await post('alerts_unified.json', { only_events: '["resolved"]' });
      const after = await newestMessages(org, alice, 2);
      expect(after.filter((message) => message.id > before).map((m) => m.subject)).toEqual([
        '[Lamp offline]',
      ]);
    });
  });

  describe('legacy alerting (Grafana 7)', () => {
    it('names the rule, the message and the matched values', async () => {
      await post('alert_legacy.json');
      expect(await newest(1)).toEqual([
        {
          subject: '[Alerting] Fog over harbour',
          content:
            `:alert: **ALERTING**\n\n[Fog over harbour](${RULE})\n\n` +
            'Fog density is high at the harbour.\n\n' +
            '**fog_density:** 93\n**humidity:** 0.71\n\n' +
            '[Click to view visualization](https://grafana.example.org/render/d-solo/harbour.png)',
        },
      ]);
    });

    it('marks a recovered alert OK', async () => {
      await post('alert_legacy_ok.json');
      expect(await newest(1)).toEqual([
        {
          subject: '[OK] Fog over harbour',
          content: `:squared_ok: **OK**\n\n[Fog over harbour](${RULE})`,
        },
      ]);
    });

    it('refuses a state Grafana does not send, naming the key', async () => {
      const payload = JSON.parse(fixture('grafana', 'alert_legacy_ok.json'));
      const response = await postWebhook(org, bot, 'grafana', {
        query: { stream: 'alerts' },
        body: JSON.stringify({ ...payload, state: 'exploded' }),
      });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ result: 'error', payload_key: 'state' });
    });
  });
});
