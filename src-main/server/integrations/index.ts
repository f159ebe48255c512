import { alertmanager } from './alertmanager';
import { github } from './github';
import { gitlab } from './gitlab';
import { grafana } from './grafana';
import { helloworld } from './helloworld';
import type { Integration } from './integration';
import { sentry } from './sentry';
import { slackIncoming } from './slackIncoming';

/** The incoming-webhook integrations, by the name in their URL. */
export const integrations: ReadonlyMap<string, Integration> = new Map(
  [helloworld, github, gitlab, alertmanager, grafana, slackIncoming, sentry].map((entry) => [
    entry.urlName,
    entry,
  ]),
);
