import { z } from 'zod';
import { optional } from '../http/params';
import {
  branchWanted,
  changeMessage,
  pushCommitsMessage,
  topicWithBranch,
  topicWithNumber,
  type Commit,
} from './git';
import { integration, UnsupportedEventError, type WebhookMessage } from './integration';
import type { Payload } from './payload';
import { branchesOption } from './urlOptions';

// Zulip's Azure DevOps integration (zerver/webhooks/azuredevops/view.py):
// pushes and pull requests of Azure Repos, in the shared git formats.

const branchOf = (ref: Payload): string => ref.string().replaceAll('refs/heads/', '');

function firstRefUpdate(resource: Payload): Payload {
  const refUpdates = resource.get('refUpdates');
  const ref = refUpdates.list()[0];
  if (ref === undefined) throw refUpdates.invalid('is empty');
  return ref;
}

function pushMessage(resource: Payload, ref: Payload, branch: string): WebhookMessage {
  const repository = resource.get('repository');
  const repoUrl = repository.str('remoteUrl');
  const compareUrl =
    `${repoUrl}/branchCompare?baseVersion=GC${ref.str('oldObjectId')}` +
    `&targetVersion=GC${ref.str('newObjectId')}&_a=files`;
  const commits: Commit[] = (resource.optional('commits')?.list() ?? []).map((commit) => ({
    name: commit.get('author').str('name'),
    sha: commit.str('commitId'),
    url: `${repoUrl}/commit/${commit.str('commitId')}`,
    message: commit.str('comment'),
  }));
  return {
    topic: topicWithBranch(repository.str('name'), branch),
    content: pushCommitsMessage({
      user: resource.get('pushedBy').str('displayName'),
      compareUrl,
      branch,
      commits,
    }),
  };
}

function pullRequestMessage(payload: Payload, event: string): WebhookMessage {
  const resource = payload.get('resource');
  const number = resource.get('pullRequestId').int();
  const title = resource.str('title');
  const change = {
    user: resource.get('createdBy').str('displayName'),
    url: resource.get('_links').get('web').str('href'),
    type: 'PR',
    number,
    title,
  };
  const branches = () => ({
    targetBranch: branchOf(resource.get('sourceRefName')),
    baseBranch: branchOf(resource.get('targetRefName')),
  });
  let content: string;
  if (event === 'git.pullrequest.created') {
    const description = resource.optional('description');
    content = changeMessage({
      ...change,
      action: 'created',
      ...branches(),
      message: description?.truthy ? description.string() : null,
    });
  } else if (event === 'git.pullrequest.merged') {
    content = changeMessage({ ...change, action: 'merged', ...branches() });
  } else {
    content = changeMessage({
      ...change,
      action: 'updated',
      message: payload.get('detailedMessage').str('markdown'),
    });
  }
  return {
    topic: topicWithNumber(resource.get('repository').str('name'), 'PR', number, title),
    content,
  };
}

const PULL_REQUEST_EVENTS = new Set([
  'git.pullrequest.created',
  'git.pullrequest.merged',
  'git.pullrequest.updated',
]);

const EVENT_TYPES = [
  'git.push',
  'git.pullrequest.created',
  'git.pullrequest.merged',
  'git.pullrequest.updated',
];

/**
 * Azure DevOps service hooks. Zulip names no event type for these messages,
 * so only_events and exclude_events do not filter them; `branches` does.
 */
export const azureDevOps = integration({
  urlName: 'azuredevops',
  name: 'AzureDevOps',
  displayName: 'AzureDevOps',
  allEventTypes: EVENT_TYPES,
  urlOptions: [branchesOption],
  params: { branches: optional('text', z.string()) },
  handle: (call) => {
    const payload = call.payload();
    const event = payload.str('eventType');
    if (event === 'git.push') {
      const resource = payload.get('resource');
      const ref = firstRefUpdate(resource);
      const branch = branchOf(ref.get('name'));
      if (!branchWanted(branch, call.options.branches)) return [];
      return [pushMessage(resource, ref, branch)];
    }
    if (!PULL_REQUEST_EVENTS.has(event)) throw new UnsupportedEventError(event);
    // Azure DevOps also reports a merge it only attempted (a conflict found, or
    // none after an update); Zulip reports only a completed, successful merge.
    const resource = payload.get('resource');
    if (
      event === 'git.pullrequest.merged' &&
      (resource.str('status') !== 'completed' || resource.str('mergeStatus') !== 'succeeded')
    ) {
      return [];
    }
    return [pullRequestMessage(payload, event)];
  },
});
