import { ApiError } from '../errors';
import { shortSha } from './git';
import { integration, type WebhookMessage } from './integration';
import type { Payload } from './payload';

// CircleCI's webhooks, as Zulip's integration reads them
// (zerver/webhooks/circleci/view.py): a ping, and a job or workflow finished,
// on a pipeline CircleCI ran for a GitHub, Bitbucket or GitLab project.

const outcomes = new Map([
  ['success', 'has succeeded'],
  ['failed', 'has failed'],
  ['canceled', 'was canceled'],
  ['unauthorized', 'was unauthorized'],
  ['error', 'had an error'],
]);

// Python's str() of an outcome Zulip's table lacks is "None".
const outcome = (item: Payload): string => outcomes.get(item.str('status')) ?? 'None';

/** What triggered a GitHub or Bitbucket pipeline. */
function vcsTrigger(vcs: Payload): string {
  const revision = vcs.str('revision');
  const sha = shortSha(revision);
  const commits = vcs.str('provider_name') === 'github' ? 'commit' : 'commits';
  const link = `${vcs.str('target_repository_url')}/${commits}/${revision}`;
  const branch = vcs.get('branch').nullableString();
  const commit = vcs.get('commit');
  const subject = commit.get('subject').nullableString();
  // A pipeline run by hand, or for a tag, names no commit.
  if (!subject) {
    return branch
      ? `Triggered on \`${branch}\`'s HEAD on [${sha}](${link}).`
      : `Triggered on the latest tag on [${sha}](${link}).`;
  }
  const author = commit.get('author').str('name');
  return `Triggered on [\`${sha}: ${subject}\`](${link}) on branch \`${branch ?? 'None'}\` by ${author}.`;
}

/** What triggered a GitLab pipeline, which CircleCI describes differently. */
function gitlabTrigger(pipeline: Payload): string {
  const gitlab = pipeline.get('trigger_parameters').get('gitlab');
  const title = gitlab.str('commit_title');
  const checkout = gitlab.str('checkout_sha');
  const author = gitlab.str('commit_author_name');
  const link = `${gitlab.str('web_url')}/-/commit/${checkout}`;
  return `Triggered on [\`${shortSha(checkout)}: ${title}\`](${link}) on branch \`${gitlab.str('branch')}\` by ${author}.`;
}

function body(payload: Payload, type: string): string {
  const pipeline = payload.get('pipeline');
  const number = pipeline.get('number').int();
  const trigger = pipeline.has('vcs') ? vcsTrigger(pipeline.get('vcs')) : gitlabTrigger(pipeline);
  switch (type) {
    case 'job-completed': {
      const job = payload.get('job');
      return `Job \`${job.str('name')}\` within Pipeline #${number} ${outcome(job)}.\n\n${trigger}`;
    }
    case 'workflow-completed': {
      const workflow = payload.get('workflow');
      return (
        `Workflow [\`${workflow.str('name')}\`](${workflow.str('url')}) within Pipeline ` +
        `#${number} ${outcome(workflow)}.\n\n${trigger}`
      );
    }
    default:
      // Zulip refuses a type it does not know as invalid, not as unsupported.
      throw payload.get('type').invalid('is not ping, job-completed or workflow-completed');
  }
}

function message(payload: Payload): WebhookMessage {
  const type = payload.str('type');
  if (type === 'ping') {
    const name = payload.get('webhook').str('name');
    return {
      event: type,
      topic: 'Test event',
      content: `Webhook '${name}' test event successful.`,
    };
  }
  const topic = payload.get('project').str('name');
  const content = body(payload, type);
  const pipeline = payload.get('pipeline');
  if (pipeline.has('trigger_parameters') && pipeline.get('trigger').str('type') !== 'gitlab') {
    throw new ApiError("Projects using this version control system provider aren't supported");
  }
  return { event: type, topic, content };
}

const EVENT_TYPES = ['ping', 'job-completed', 'workflow-completed'];

/** CircleCI: the event type (for only_events) is the payload's `type`. */
export const circleci = integration({
  urlName: 'circleci',
  name: 'CircleCI',
  displayName: 'CircleCI',
  allEventTypes: EVENT_TYPES,
  params: {},
  handle: (call) => [message(call.payload())],
});
