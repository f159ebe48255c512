import { attributes, branchName, homepage, repoName, type GitLabHandler } from './gitlabContext';
import type { Payload } from './payload';

// Zulip words a new pipeline or job as created and a running one as started;
// any other status is named as GitLab sends it.
function statusChange(status: string, createdStatus: string): string {
  if (status === createdStatus) return 'was created';
  if (status === 'running') return 'started';
  return `changed status to ${status}`;
}

function buildLines(build: Payload, projectUrl: string): string {
  const url = `${projectUrl}/-/jobs/${build.get('id').int()}`;
  let lines = `* [${build.str('name')}](${url}) - ${build.str('status')}\n`;
  const artifact = build.optional('artifacts_file')?.optional('filename');
  if (artifact?.truthy) {
    lines +=
      `  * built artifact: *${artifact.string()}* ` +
      `[[Browse](${url}/artifacts/browse)|[Download](${url}/artifacts/download)]\n`;
  }
  return lines;
}

export const pipeline: GitLabHandler = ({ payload }) => {
  const pipelineAttributes = attributes(payload);
  const id = pipelineAttributes.get('id').int();
  const projectUrl = homepage(payload);
  const action = statusChange(pipelineAttributes.str('status'), 'pending');
  const builds = payload
    .get('builds')
    .list()
    .map((build) => buildLines(build, projectUrl))
    .join('');
  return {
    topic: `${repoName(payload)} / ${branchName(pipelineAttributes.str('ref'))}`,
    // The list's last line break gives way to the sentence's full stop.
    content: `[Pipeline (${id})](${projectUrl}/-/pipelines/${id}) ${action} with build(s):\n${builds.slice(0, -1)}.`,
  };
};

/** A Job Hook, or a Build Hook, the event's older name. */
export const job: GitLabHandler = ({ payload }) => {
  const action = statusChange(payload.str('build_status'), 'created');
  return {
    topic: `${payload.get('repository').str('name')} / ${branchName(payload.str('ref'))}`,
    content: `Build ${payload.str('build_name')} from ${payload.str('build_stage')} stage ${action}.`,
  };
};

export const deployment: GitLabHandler = ({ payload }) => {
  const user = `[${payload.get('user').str('name')}](${payload.str('user_url')})`;
  const deployableUrl = payload.optional('deployable_url')?.string();
  const what = deployableUrl ? `[deployment](${deployableUrl})` : 'deployment';
  const commitUrl = payload.str('commit_url');
  // Seven characters, GitLab's own short SHA, where other git messages show eleven.
  const sha = (commitUrl.split('/').at(-1) ?? '').slice(0, 7);
  const status = payload.get('status');
  const sentences: Record<string, string> = {
    running: `${user} started a new ${what}:\n> [${sha}](${commitUrl}) ${payload.str('commit_title')}`,
    success: `The ${what} was successful.`,
    failed: `The ${what} failed.`,
    canceled: `The ${what} was canceled.`,
  };
  const content = sentences[status.string()];
  if (content === undefined) throw status.invalid('is not a deployment status Zulip reports');
  return { topic: `${repoName(payload)} / ${payload.str('environment')}`, content };
};
