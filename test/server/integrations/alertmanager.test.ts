import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Org, TestUser } from '../../helpers/org';
import { fixture, newestMessages, postWebhook, startIntegrationOrg } from '../../helpers/webhooks';

const source = (expr: string) =>
  `([source](http://prometheus.example.org:9090/graph?g0.expr=${expr}&g0.tab=0))`;
const DISK = 'node_filesystem_avail_bytes+%3C+0.1';
const LOAD = 'node_load5+%3E+8';

describe('the Prometheus Alertmanager integration', () => {
  let org: Org;
  let alice: TestUser;
  let bot: TestUser;

  beforeAll(async () => {
    ({ org, owner: alice, bot } = await startIntegrationOrg('prometheus', 'alerts'));
  });
  afterAll(() => org.close());

  const post = (
    query: Record<string, string> = {},
    body = fixture('alertmanager', 'alerts.json'),
  ) => postWebhook(org, bot, 'alertmanager', { query: { stream: 'alerts', ...query }, body });

  it('groups alerts by instance, one message per state, firing ones listed', async () => {
    const response = await post();
    expect(response.json).toEqual({ result: 'success', msg: '' });
    const messages = await newestMessages(org, alice, 2);
    expect(messages.map(({ subject, content, client }) => ({ subject, content, client }))).toEqual([
      {
        subject: 'lighthouse-01:9100',
        content: `:alert: **FIRING**\n* DiskAlmostFull ${source(DISK)}\n* HighLoad ${source(LOAD)}`,
        client: 'ZulipAlertmanagerWebhook',
      },
      {
        subject: 'lighthouse-02:9100',
        content: `:squared_ok: **Resolved** DiskAlmostFull ${source(DISK)}`,
        client: 'ZulipAlertmanagerWebhook',
      },
    ]);
  });

  it('takes the topic and the line from the labels or annotations the URL names, topics in order', async () => {
    await post({ name: 'severity', desc: 'summary' });
    const messages = await newestMessages(org, alice, 3);
    expect(messages.map(({ subject, content }) => [subject, content])).toEqual([
      ['warning', `:alert: **FIRING** Disk /var is 91% full ${source(DISK)}`],
      ['warning', `:squared_ok: **Resolved** Disk /var is 90% full ${source(DISK)}`],
      ['critical', `:alert: **FIRING** Load average above 8 ${source(LOAD)}`],
    ]);
  });

  it('says which field is missing, and files alerts without a name under (unknown)', async () => {
    await post({ name: 'cluster', desc: 'runbook' });
    const [message] = await newestMessages(org, alice, 1);
    expect(message).toMatchObject({
      subject: '(unknown)',
      content: `:squared_ok: **Resolved** <missing field: runbook> ${source(DISK)}`,
    });
  });

  it('refuses a payload without alerts, naming the key', async () => {
    const response = await post({}, '{"status": "firing"}');
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ payload_key: 'alerts' });
  });
});
