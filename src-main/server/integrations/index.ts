import { alertmanager } from './alertmanager';
import { azureDevOps } from './azureDevOps';
import { bitbucketCloud } from './bitbucketCloud';
import { bitbucketServer } from './bitbucketServer';
import { circleci } from './circleci';
import { gitea } from './gitea';
import { github } from './github';
import { gitlab } from './gitlab';
import { gogs } from './gogs';
import { grafana } from './grafana';
import { helloworld } from './helloworld';
import type { Integration } from './integration';
import { jira } from './jira';
import { linear } from './linear';
import { opsgenie } from './opsgenie';
import { pagerduty } from './pagerduty';
import { sentry } from './sentry';
import { slackIncoming } from './slackIncoming';
import { uptimeRobot } from './uptimeRobot';
import { zabbix } from './zabbix';

/** The incoming-webhook integrations, by the name in their URL. */
export const integrations: ReadonlyMap<string, Integration> = new Map(
  [
    helloworld,
    github,
    gitlab,
    alertmanager,
    grafana,
    slackIncoming,
    sentry,
    bitbucketCloud,
    bitbucketServer,
    gogs,
    gitea,
    pagerduty,
    opsgenie,
    zabbix,
    uptimeRobot,
    circleci,
    jira,
    linear,
    azureDevOps,
  ].map((entry) => [entry.urlName, entry]),
);

/** The integration a webhook URL names: by the host's name for it, or by Zulip 12's. */
export function integrationNamed(name: string): Integration | undefined {
  return (
    integrations.get(name) ?? [...integrations.values()].find((entry) => entry.renamedTo === name)
  );
}
