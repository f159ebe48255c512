import { describe, expect, it } from 'vitest';
import {
  expectBotMessage,
  integrationUnderTest,
  newestMessages,
  zulipPayload,
} from '../../helpers/webhooks';

// Zulip's PagerDuty webhook tests (zerver/webhooks/pagerduty/tests.py, of the
// snapshot zulip-fixtures/pagerduty/SOURCE names): each posts Zulip's payload
// as the test does and checks the newest message, as check_webhook does.

const CLIENT = 'ZulipPagerDutyWebhook';
const ZULIP_TEST = 'https://zulip-test.pagerduty.com';
const WEBDEMO = 'https://webdemo.pagerduty.com';
const PIG = 'https://pig208.pagerduty.com';
const HARSH = 'https://harsh0303.pagerduty.com';

const quote = (text: string) => `\`\`\` quote\n${text}\n\`\`\``;

const ARMOOO = `[armooo](${ZULIP_TEST}/users/POBCFRJ)`;
const LAURA = `[Laura Haley](${WEBDEMO}/users/P553OPV)`;
const PIG_USER = `[PIG 208](${PIG}/users/PJ0LVEB)`;
const SANTWANI = `[Harsh Santwani](${HARSH}/users/PXRUEF2)`;

const V1_INCIDENT_3 = `[3](${ZULIP_TEST}/incidents/P140S4Y)`;
const V1_INCIDENT_1 = `[1](${ZULIP_TEST}/incidents/PO1XIJ5)`;
const V1_SERVICE = `[Test service](${ZULIP_TEST}/services/PIL5CUQ)`;
const V2_INCIDENT = `[33](${WEBDEMO}/incidents/PRORDTY)`;
const V2_SERVICE = `[Production XDB Cluster](${WEBDEMO}/services/PN49J75)`;
const PIG_SERVICE = `[pig208](${PIG}/services/PA2P440)`;
const TEST_INCIDENT_10 = `[Test Incident (#10)](${PIG}/incidents/PQ1K5C8)`;
const CHECKOUT = 'Critical: Checkout API High Latency';
const CHECKOUT_URL = `${HARSH}/incidents/Q3B15VLMF3ASBD`;
const CHECKOUT_5 = `[${CHECKOUT} (#5)](${CHECKOUT_URL})`;
const CHECKOUT_REF = `[${CHECKOUT}](${CHECKOUT_URL})`;

// One row per test of tests.py that expects a message.
const cases: [fixture: string, topic: string, content: string][] = [
  [
    'trigger',
    'Incident 3',
    `Incident ${V1_INCIDENT_3} triggered by ${V1_SERVICE} (assigned to ${ARMOOO}).\n\n${quote('foo')}`,
  ],
  [
    'trigger_v2',
    'Incident 33',
    `Incident ${V2_INCIDENT} triggered by ${V2_SERVICE} (assigned to ${LAURA}).\n\n${quote('My new incident')}`,
  ],
  [
    'triggered_v3',
    'Incident Test Incident 3 (#9)',
    `Incident [Test Incident 3 (#9)](${PIG}/incidents/PFQZPSY) triggered by ${PIG_SERVICE} (assigned to ${PIG_USER}).`,
  ],
  [
    'trigger_without_assignee_v2',
    'Incident 33',
    `Incident ${V2_INCIDENT} triggered by ${V2_SERVICE} (assigned to nobody).\n\n${quote('My new incident')}`,
  ],
  [
    'unacknowledge',
    'Incident 3',
    `Incident ${V1_INCIDENT_3} unacknowledged by ${V1_SERVICE} (assigned to ${ARMOOO}).\n\n${quote('foo')}`,
  ],
  [
    'unacknowledged_v3',
    'Incident Test Incident (#10)',
    `Incident ${TEST_INCIDENT_10} unacknowledged by ${PIG_SERVICE} (assigned to ${PIG_USER}).`,
  ],
  [
    'resolved',
    'Incident 1',
    `Incident ${V1_INCIDENT_1} resolved by ${ARMOOO}.\n\n${quote('It is on fire')}`,
  ],
  [
    'resolve_v2',
    'Incident 33',
    `Incident ${V2_INCIDENT} resolved by ${LAURA}.\n\n${quote('My new incident')}`,
  ],
  [
    'resolved_v3',
    'Incident Test Incident (#6)',
    `Incident [Test Incident (#6)](${PIG}/incidents/PCPZE64) resolved by ${PIG_USER}.`,
  ],
  [
    'auto_resolved',
    'Incident 2',
    `Incident [2](${ZULIP_TEST}/incidents/PX7K9J2) resolved.\n\n${quote('new')}`,
  ],
  [
    'acknowledge',
    'Incident 1',
    `Incident ${V1_INCIDENT_1} acknowledged by ${ARMOOO}.\n\n${quote('It is on fire')}`,
  ],
  [
    'acknowledge_without_trigger_summary_data',
    'Incident 1',
    `Incident ${V1_INCIDENT_1} acknowledged by ${ARMOOO}.\n\n${quote('')}`,
  ],
  [
    'acknowledged_v3',
    'Incident Test Incident (#10)',
    `Incident ${TEST_INCIDENT_10} acknowledged by ${PIG_USER}.`,
  ],
  [
    'acknowledge_v2',
    'Incident 33',
    `Incident ${V2_INCIDENT} acknowledged by ${LAURA}.\n\n${quote('My new incident')}`,
  ],
  [
    'assign_v2',
    'Incident 33',
    `Incident ${V2_INCIDENT} assigned to [Wiley Jacobson](${WEBDEMO}/users/PFBSJ2Z).\n\n${quote('My new incident')}`,
  ],
  [
    'reassigned_v3',
    'Incident Test Incident (#3)',
    `Incident [Test Incident (#3)](${PIG}/incidents/PIQUG8X) reassigned to [Test User](${PIG}/users/PI9DT01).`,
  ],
  [
    'mp_fail',
    'Incident 48219',
    `Incident [48219](https://dropbox.pagerduty.com/incidents/PJKGZF9) resolved.\n\n${quote('mp_error_block_down_critical\u2119\u01b4')}`,
  ],
  ['escalate_v3', `Incident ${CHECKOUT} (#5)`, `Incident ${CHECKOUT_5} escalated to ${SANTWANI}.`],
  [
    'delegated_v3',
    `Incident ${CHECKOUT} (#5)`,
    `Incident ${CHECKOUT_5} delegated; current escalation policy is [APIs-ep](${HARSH}/escalation_policies/P3RAX8S) and current assignee is ${SANTWANI}.`,
  ],
  [
    'reopened_v3',
    'Incident Test Incident 2 (#4)',
    `Incident [Test Incident 2 (#4)](${HARSH}/incidents/Q05XJA8GDXGOB3) reopened.`,
  ],
  [
    'priority_updated_v3',
    `Incident ${CHECKOUT} (#5)`,
    `Incident ${CHECKOUT_5} priority updated to P2`,
  ],
  [
    'status_updated_v3',
    `Incident ${CHECKOUT}`,
    `Incident ${CHECKOUT_REF} status update published: Investigating a P1 incident with the Checkout API in us-east-1. Customers may see 504 errors or delays during purchase. We've identified a database lock and are working on a fix. Expected remediation within 30 minutes; next update at 08:15 UTC.`,
  ],
  [
    'annotated_v3',
    `Incident ${CHECKOUT}`,
    `Incident ${CHECKOUT_REF} annotated with: Running KILL on long-running queries from the reporting-service.`,
  ],
  [
    'responder_added',
    `Incident ${CHECKOUT}`,
    `Responder ${SANTWANI} added to incident ${CHECKOUT_REF}.\n\n${quote(`Please help with "${CHECKOUT}"`)}`,
  ],
  [
    'responder_replied_v3',
    `Incident ${CHECKOUT}`,
    `Responder ${SANTWANI} replied to incident ${CHECKOUT_REF}.\n\n` +
      quote(
        'Checking now. Investigating DB locks on cluster-01 and reviewing latency metrics in Datadog. Will update in 5 mins.\n',
      ),
  ],
  [
    'conference_bridge_updated_v3',
    `Incident ${CHECKOUT}`,
    `Incident ${CHECKOUT_REF} conference bridge updated: https://example.com/123-456-789`,
  ],
  [
    'service_updated_v3',
    `Incident ${CHECKOUT} (#5)`,
    `Incident ${CHECKOUT_5} service updated to APIs`,
  ],
  [
    'workflow_started_v3',
    `Incident ${CHECKOUT}`,
    `Incident ${CHECKOUT_REF} workflow started: Incident WorkFlow (Manually Started)`,
  ],
  [
    'workflow_completed_v3',
    `Incident ${CHECKOUT}`,
    `Incident ${CHECKOUT_REF} workflow completed: Incident WorkFlow (Manually Started)`,
  ],
  [
    'workflow_completed_no_summary_v3',
    `Incident ${CHECKOUT}`,
    `Incident ${CHECKOUT_REF} workflow completed: Incident WorkFlow`,
  ],
];

describe('the PagerDuty integration', () => {
  const integration = integrationUnderTest('pagerduty', 'pagerduty', 'PagerDuty');

  it.each(cases)('posts %s as Zulip does', async (fixture, topic, content) => {
    const response = await integration.post(zulipPayload('pagerduty', fixture));
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await expectBotMessage(integration.hook, CLIENT, topic, content);
  });

  it('posts every message of a V1 payload, in order', async () => {
    const before = await integration.newestTheOwnerReads();
    await integration.post(zulipPayload('pagerduty', 'acknowledge'));
    const [assign, acknowledge] = await newestMessages(
      integration.hook.org,
      integration.hook.owner,
      2,
    );
    expect(assign?.id).toBeGreaterThan(before);
    expect(assign?.content).toBe(
      `Incident ${V1_INCIDENT_1} assigned to ${ARMOOO}.\n\n${quote('It is on fire')}`,
    );
    expect(acknowledge?.content).toMatch(/ acknowledged by /);
  });

  it.each(['unsupported_v1', 'unsupported_v2', 'unsupported_v3'])(
    'answers the unknown event of %s as unsupported, posting nothing',
    (fixture) =>
      integration.expectUnsupported(zulipPayload('pagerduty', fixture), 'incident.unsupported'),
  );

  it('filters by the action Zulip names as the event type', () =>
    integration.expectNothingPosted(zulipPayload('pagerduty', 'annotated_v3'), {
      query: { exclude_events: '["annotated"]' },
    }));

  it('refuses a V3 event without the incident it is about, posting nothing', () => {
    const payload = JSON.parse(zulipPayload('pagerduty', 'escalate_v3'));
    delete payload.event.data.html_url;
    return integration.expectMissingKey(JSON.stringify(payload), 'event.data.html_url');
  });
});
