import type { WebhookIntegrationName } from '../../src-preload/bridge';

/** A delivery as an integration's tool sends one, for trying out a webhook URL. */
export interface WebhookSample {
  body: unknown;
  /** Besides the JSON content type, such as the header a tool names its events by. */
  headers: Readonly<Record<string, string>>;
}

// Grafana and Alertmanager write "not ended" as the zero time.
const notEnded = '0001-01-01T00:00:00Z';

type Labels = Readonly<Record<string, string>>;

// Grafana sends Alertmanager's alerts, with a few fields more.
const firingAlert = (labels: Labels, annotations: Labels, at: Date, generatorURL: string) => ({
  status: 'firing',
  labels,
  annotations,
  startsAt: at.toISOString(),
  endsAt: notEnded,
  generatorURL,
  fingerprint: '0000000000000001',
});

// The payload of Zulip's sample integration: the day's featured article.
const helloworld = (): WebhookSample => ({
  body: {
    featured_title: 'Lighthouse',
    featured_url: 'https://en.wikipedia.org/wiki/Lighthouse',
  },
  headers: {},
});

// GitHub's ping, which it sends once a webhook is saved; servers answer it
// with a message that the webhook is configured.
const github = (): WebhookSample => ({
  body: {
    zen: 'Small steps, often.',
    hook_id: 1,
    hook: {
      type: 'Repository',
      id: 1,
      name: 'web',
      active: true,
      events: ['push'],
      config: { content_type: 'json', insecure_ssl: '0' },
    },
    repository: {
      id: 1,
      name: 'webhook-test',
      full_name: 'hearth/webhook-test',
      html_url: 'https://github.com/hearth/webhook-test',
      private: false,
      owner: { login: 'hearth', id: 1, type: 'Organization' },
    },
    sender: { login: 'hearth', id: 1, html_url: 'https://github.com/hearth', type: 'User' },
  },
  headers: { 'X-GitHub-Event': 'ping' },
});

const slackIncoming = (): WebhookSample => ({
  body: { text: '*Hello from Hearth!* Messages posted to this webhook URL appear here.' },
  headers: {},
});

// What the Test button of a Grafana contact point sends: one firing alert named TestAlert.
const grafana = (at: Date): WebhookSample => {
  const labels = { alertname: 'TestAlert', instance: 'Grafana' };
  const annotations = { summary: 'Notification test' };
  return {
    body: {
      receiver: 'test',
      status: 'firing',
      orgId: 1,
      alerts: [{ ...firingAlert(labels, annotations, at, ''), silenceURL: '', values: null }],
      groupLabels: {},
      commonLabels: labels,
      commonAnnotations: annotations,
      externalURL: '',
      version: '1',
      groupKey: 'test',
      truncatedAlerts: 0,
      title: '[FIRING:1] TestAlert Grafana',
      state: 'alerting',
      message: '**Firing**\n\nLabels:\n - alertname = TestAlert\n - instance = Grafana\n',
    },
    headers: {},
  };
};

const alertmanager = (at: Date): WebhookSample => {
  const labels = { alertname: 'WebhookTest', instance: 'hearth-test', severity: 'info' };
  const annotations = { summary: 'A test alert, sent from Hearth' };
  return {
    body: {
      version: '4',
      groupKey: '{}:{alertname="WebhookTest"}',
      truncatedAlerts: 0,
      status: 'firing',
      receiver: 'hearth',
      groupLabels: { alertname: 'WebhookTest' },
      commonLabels: labels,
      commonAnnotations: annotations,
      externalURL: 'http://alertmanager.example.com:9093',
      alerts: [
        firingAlert(
          labels,
          annotations,
          at,
          'http://prometheus.example.com:9090/graph?g0.expr=vector%281%29&g0.tab=1',
        ),
      ],
    },
    headers: {},
  };
};

/** The integrations the Bots view can send a test message through, each with its sample at a given time. */
export const webhookSamples: ReadonlyMap<string, (at: Date) => WebhookSample> = new Map<
  WebhookIntegrationName,
  (at: Date) => WebhookSample
>([
  ['helloworld', helloworld],
  ['github', github],
  ['slack_incoming', slackIncoming],
  ['grafana', grafana],
  ['alertmanager', alertmanager],
]);
