import { z } from 'zod';
import { streamName, topicName } from './names';

// The bridge's part for the Bots view: the reader's bots, creating and
// deactivating them, and the webhook URLs the integrations take.

// Zulip's four kinds of bot; Hearth creates the first three.
export const botTypeSchema = z.enum([
  'generic',
  'incoming_webhook',
  'outgoing_webhook',
  'embedded',
]);
export type BotType = z.infer<typeof botTypeSchema>;

// Where an outgoing-webhook bot posts, and in which format: Zulip's own or Slack's.
export const outgoingWebhookSchema = z.object({
  url: z.string().min(1).max(2048),
  format: z.enum(['zulip', 'slack']),
});
export type OutgoingWebhook = z.infer<typeof outgoingWebhookSchema>;

// A bot as the renderer sees it: never its API key, which reaches the page
// only inside the webhook URL the user asked for.
export const botSchema = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  botType: botTypeSchema,
  /** An outgoing-webhook bot's URL, as far as the account's register state tells; null for others. */
  outgoing: outgoingWebhookSchema.nullable(),
});
export type Bot = z.infer<typeof botSchema>;

// The incoming-webhook integrations a Hearth host serves, by the name in their URL.
const integrationNameSchema = z.enum([
  'helloworld',
  'github',
  'gitlab',
  'alertmanager',
  'grafana',
  'slack_incoming',
  'sentry',
  'jira',
  'bitbucket2',
  'bitbucket3',
  'gitea',
  'gogs',
  'circleci',
  'pagerduty',
  'opsgenie',
  'zabbix',
  'uptimerobot',
  'linear',
  'azuredevops',
]);
export type WebhookIntegrationName = z.infer<typeof integrationNameSchema>;

const integrationSchema = z.object({
  name: integrationNameSchema,
  /** What the Bots view calls it. */
  label: z.string(),
  /** Whose webhook settings take the URL. */
  tool: z.string(),
  /** Whether the app holds a sample of the tool's deliveries, to send as a test message. */
  testable: z.boolean(),
});
export type WebhookIntegration = z.infer<typeof integrationSchema>;

const integrationLabels: Record<
  WebhookIntegrationName,
  Omit<WebhookIntegration, 'name' | 'testable'>
> = {
  helloworld: { label: 'Hello World', tool: 'Hello World' },
  github: { label: 'GitHub', tool: 'GitHub' },
  gitlab: { label: 'GitLab', tool: 'GitLab' },
  alertmanager: { label: 'Prometheus Alertmanager', tool: 'Alertmanager' },
  grafana: { label: 'Grafana', tool: 'Grafana' },
  slack_incoming: { label: 'Slack-compatible incoming webhook', tool: 'the other tool' },
  sentry: { label: 'Sentry', tool: 'Sentry' },
  jira: { label: 'Jira', tool: 'Jira' },
  bitbucket2: { label: 'Bitbucket Cloud', tool: 'Bitbucket' },
  bitbucket3: { label: 'Bitbucket Server', tool: 'Bitbucket' },
  // Forgejo sends Gitea's payloads.
  gitea: { label: 'Gitea and Forgejo', tool: 'Gitea or Forgejo' },
  gogs: { label: 'Gogs', tool: 'Gogs' },
  circleci: { label: 'CircleCI', tool: 'CircleCI' },
  pagerduty: { label: 'PagerDuty', tool: 'PagerDuty' },
  opsgenie: { label: 'Opsgenie', tool: 'Opsgenie' },
  zabbix: { label: 'Zabbix', tool: 'Zabbix' },
  uptimerobot: { label: 'Uptime Robot', tool: 'Uptime Robot' },
  linear: { label: 'Linear', tool: 'Linear' },
  azuredevops: { label: 'Azure DevOps', tool: 'Azure DevOps' },
};
export const webhookIntegrations: readonly Omit<WebhookIntegration, 'testable'>[] =
  integrationNameSchema.options.map((name) => ({ name, ...integrationLabels[name] }));

// Where a test message went, as the URL said: no channel, the owner's direct
// messages; no topic, the one the integration chose.
const webhookTestResultSchema = z.object({
  stream: z.string().nullable(),
  topic: z.string().nullable(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

// As Zulip's bot forms: the name a person reads, and the short name that
// becomes `<short name>-bot@…`, so it must fit an email address's local part.
const botFullName = z.string().trim().min(1).max(100);
const botShortName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(
    /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/,
    "a short name holds letters, digits and !#$%&'*+/=?^_`{|}~-, with single dots between them",
  );
const botId = z.object({ botId: z.number().int().positive() });
// Where a webhook URL, or its test message, sends: no channel is a direct
// message to the bot's owner; no topic leaves it to the integration.
const webhookTarget = botId.extend({
  integration: integrationNameSchema,
  stream: streamName.optional(),
  topic: topicName.min(1).optional(),
});

export const botBridgeCalls = {
  listBots: {
    args: z.object({}),
    result: z.object({
      bots: z.array(botSchema),
      integrations: z.array(integrationSchema),
    }),
  },
  createBot: {
    args: z
      .object({
        fullName: botFullName,
        shortName: botShortName,
        botType: botTypeSchema.extract(['generic', 'incoming_webhook', 'outgoing_webhook']),
        outgoing: outgoingWebhookSchema.optional(),
      })
      .refine((bot) => (bot.botType === 'outgoing_webhook') === (bot.outgoing !== undefined), {
        message: 'an outgoing webhook bot, and only one, needs its URL',
        path: ['outgoing'],
      }),
    result: botSchema,
  },
  regenerateBotKey: { args: botId, result: z.object({}) },
  deactivateBot: { args: botId, result: z.object({}) },
  webhookUrl: { args: webhookTarget, result: z.object({ url: z.string() }) },
  /**
   * Posts a sample of the integration's deliveries to the bot's webhook URL,
   * from main, through the account's network; refused with the server's reason.
   */
  sendWebhookTest: { args: webhookTarget, result: webhookTestResultSchema },
} as const;
