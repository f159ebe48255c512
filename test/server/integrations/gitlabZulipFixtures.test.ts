import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Org, TestUser } from '../../helpers/org';
import {
  expectBotMessage,
  newestMessage,
  postWebhook,
  startIntegrationOrg,
  zulipPayload,
} from '../../helpers/webhooks';

// Zulip's GitLab webhook tests (zerver/webhooks/gitlab/tests.py, of the
// snapshot zulip-fixtures/gitlab/SOURCE names) beyond those zulipFixtures.test.ts
// runs from cases.json: each posts Zulip's payload as the test does and checks
// the newest message, as check_webhook does.

/** GitLab's header for a fixture, as Zulip's fixture_to_headers derives it: `note_hook__x` is "Note Hook". */
const headerFor = (fixture: string): string =>
  (fixture.split('__')[0] ?? '')
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

interface Sent {
  name: string;
  fixture: string;
  /** The header, where the test names it rather than the fixture (build_*). */
  event?: string;
  params?: Record<string, string>;
}
type Case = Sent & ({ topic: string; content: string } | { ignored: true });

const TOMEK = 'https://gitlab.com/tomaszkolek0/my-awesome-project';
const TOMEK_COMPARE = `${TOMEK}/-/compare/5fcdd5551fc3085df79bece2c32b1400802ac407...eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9`;
const SATYAM = 'https://gitlab.com/sbansal1999/testing-zulip-gitlab-integration';
const ONLYSOME = 'https://gitlab.example.com/group1/onlysomeproject';
const JOE = 'https://gitlab.example.co.uk/joe.bloggs/testing';
const PIPELINES = 'https://gitlab.com/TomaszKolek/my-awesome-project';
const EESHAN = 'https://gitlab.com/eeshangarg/my-awesome-project';
const VEDANT = 'https://gitlab.com/vedant8600317/test';
const RELEASES = 'https://example.com/gitlab-org/release-webhook-example';

const commitLines = (subject: string, sha: string, count: number): string =>
  Array.from(
    { length: count },
    () => `* ${subject} ([${sha.slice(0, 11)}](${TOMEK}/commit/${sha}))`,
  ).join('\n');

const cases: Case[] = [
  {
    name: 'push local branch without commits',
    fixture: 'push_hook__push_local_branch_without_commits',
    topic: 'my-awesome-project / changes',
    content: `Eeshan Garg [pushed](${EESHAN}/-/compare/0000000000000000000000000000000000000000...68d7a5528cf423dfaac37dd62a56ac9cc8a884e3) the branch changes.`,
  },
  {
    name: 'push event message filtered by branches',
    fixture: 'push_hook',
    params: { branches: 'master,tomek' },
    topic: 'my-awesome-project / tomek',
    content: `Tomasz Kolek [pushed](${TOMEK_COMPARE}) 2 commits to branch tomek.\n\n* b ([66abd2da288](${TOMEK}/commit/66abd2da28809ffa128ed0447965cf11d7f863a7))\n* c ([eb6ae1e591e](${TOMEK}/commit/eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9))`,
  },
  {
    name: 'push multiple committers with others',
    fixture: 'push_hook__push_multiple_committers_with_others',
    topic: 'my-awesome-project / tomek',
    content: `Tomasz Kolek [pushed](${TOMEK_COMPARE}) 7 commits to branch tomek. Commits by Ben (3), baxterthehacker (2), James (1) and others (1).\n\n${commitLines('b', 'eb6ae1e591e0819dc5bf187c6bfe18ec065a80e9', 7)}`,
  },
  {
    name: 'push commits more than limit message filtered by branches',
    fixture: 'push_hook__push_commits_more_than_limit',
    params: { branches: 'master,tomek' },
    topic: 'my-awesome-project / tomek',
    // Zulip lists twenty commits and counts the rest.
    content: `Tomasz Kolek [pushed](${TOMEK_COMPARE}) 50 commits to branch tomek.\n\n${commitLines('b', '66abd2da28809ffa128ed0447965cf11d7f863a7', 20)}\n[and 30 more commit(s)]`,
  },
  {
    name: 'create issue without assignee event message',
    fixture: 'issue_hook__issue_created_without_assignee',
    topic: 'my-awesome-project / issue #1 Issue title',
    content: `Tomasz Kolek created [issue #1](${TOMEK}/issues/1):\n\n~~~ quote\nIssue description\n~~~`,
  },
  {
    name: 'create confidential issue without assignee event message',
    fixture: 'issue_hook__confidential_issue_created_without_assignee',
    topic: 'testing / issue #1 Testing',
    content: `Joe Bloggs created [issue #1](${JOE}/issues/1):\n\n~~~ quote\nTesting\n~~~`,
  },
  {
    name: 'create issue with two assignees event message',
    fixture: 'issue_hook__issue_created_with_two_assignees',
    topic: 'Zulip GitLab Test / issue #2 Zulip Test Issue 2',
    content:
      'Adam Birds created [issue #2](https://gitlab.com/adambirds/zulip-gitlab-test/issues/2) (assigned to Adam Birds and Eeshan Garg):\n\n~~~ quote\nZulip Test Issue 2\n~~~',
  },
  {
    name: 'create issue with three assignees event message',
    fixture: 'issue_hook__issue_created_with_three_assignees',
    topic: 'Zulip GitLab Test / issue #2 Zulip Test Issue 2',
    content:
      'Adam Birds created [issue #2](https://gitlab.com/adambirds/zulip-gitlab-test/issues/2) (assigned to Adam Birds, Eeshan Garg and Tim Abbott):\n\n~~~ quote\nZulip Test Issue 2\n~~~',
  },
  {
    name: 'create confidential issue with assignee event message',
    fixture: 'issue_hook__confidential_issue_created_with_assignee',
    topic: 'testing / issue #2 Testing',
    content: `Joe Bloggs created [issue #2](${JOE}/issues/2) (assigned to Joe Bloggs):\n\n~~~ quote\nTesting\n~~~`,
  },
  {
    name: 'create issue with hidden comment in description',
    fixture: 'issue_hook__issue_created_with_hidden_comment_in_description',
    topic: 'public-repo / issue #3 New Issue with hidden comment',
    content:
      'Eeshan Garg created [issue #3](https://gitlab.com/eeshangarg/public-repo/issues/3):\n\n~~~ quote\nThis description actually has a hidden comment in it!\n~~~',
  },
  {
    name: 'create confidential issue with hidden comment in description',
    fixture: 'issue_hook__confidential_issue_created_with_hidden_comment_in_description',
    topic: 'testing / issue #1 Testing',
    content: `Joe Bloggs created [issue #1](${JOE}/issues/1):\n\n~~~ quote\nThis description actually has a hidden comment in it!\n~~~`,
  },
  {
    name: 'create issue with null description',
    fixture: 'issue_hook__issue_opened_with_null_description',
    topic: 'my-awesome-project / issue #7 Issue without description',
    content: `Eeshan Garg created [issue #7](${EESHAN}/issues/7).`,
  },
  {
    name: 'update issue event message',
    fixture: 'issue_hook__issue_updated',
    topic: 'my-awesome-project / issue #1 Issue title_new',
    content: `Tomasz Kolek updated [issue #1](${TOMEK}/issues/1).`,
  },
  {
    name: 'update confidential issue event message',
    fixture: 'issue_hook__confidential_issue_updated',
    topic: 'testing / issue #1 Testing',
    content: `Joe Bloggs updated [issue #1](${JOE}/issues/1).`,
  },
  {
    name: 'update issue with custom topic in url',
    fixture: 'issue_hook__issue_updated',
    params: { topic: 'notifications' },
    topic: 'notifications',
    content: `[[my-awesome-project](${TOMEK})] Tomasz Kolek updated [issue #1 Issue title_new](${TOMEK}/issues/1).`,
  },
  {
    name: 'close confidential issue event message',
    fixture: 'issue_hook__confidential_issue_closed',
    topic: 'testing / issue #1 Testing Test',
    content: `Joe Bloggs closed [issue #1](${JOE}/issues/1).`,
  },
  {
    name: 'reopen issue event message',
    fixture: 'issue_hook__issue_reopened',
    topic: 'my-awesome-project / issue #1 Issue title_new',
    content: `Tomasz Kolek reopened [issue #1](${TOMEK}/issues/1).`,
  },
  {
    name: 'reopen confidential issue event message',
    fixture: 'issue_hook__confidential_issue_reopened',
    topic: 'testing / issue #1 Testing Test',
    content: `Joe Bloggs reopened [issue #1](${JOE}/issues/1).`,
  },
  {
    name: 'note merge request event message without merge request title',
    fixture: 'note_hook__merge_request_note',
    params: { use_merge_request_title: 'false' },
    topic: 'testing-zulip-gitlab-integration / MR #1',
    content: `Satyam Bansal [commented](${SATYAM}/-/merge_requests/1#note_1406328457) on [MR #1](${SATYAM}/-/merge_requests/1):\n\n~~~ quote\nI am not sure if this new feature is even required or not.\n~~~`,
  },
  {
    name: 'note merge request with custom topic in url',
    fixture: 'note_hook__merge_request_note',
    params: { topic: 'notifications' },
    topic: 'notifications',
    content: `[[testing-zulip-gitlab-integration](${SATYAM})] Satyam Bansal [commented](${SATYAM}/-/merge_requests/1#note_1406328457) on [MR #1 add new-feature](${SATYAM}/-/merge_requests/1):\n\n~~~ quote\nI am not sure if this new feature is even required or not.\n~~~`,
  },
  {
    name: 'note design event message',
    fixture: 'note_hook__design_note',
    topic: 'testing-zulip-gitlab-integration / design Screenshot.png',
    content: `Satyam Bansal [commented](${SATYAM}/-/issues/1/designs/Screenshot.png#note_1458583152) on design [Screenshot.png](${SATYAM}/-/issues/1/designs/Screenshot.png):\n\n~~~ quote\nhello\n~~~`,
  },
  {
    name: 'note confidential issue event message',
    fixture: 'note_hook__confidential_issue_note',
    topic: 'testing-zulip-gitlab-integration / issue #1 Add more lines',
    content: `Satyam Bansal [commented](${SATYAM}/-/issues/1#note_1406130881) on [issue #1](${SATYAM}/-/issues/1):\n\n~~~ quote\nSome more comments\n~~~`,
  },
  {
    name: 'note issue with custom topic in url',
    fixture: 'note_hook__issue_note',
    params: { topic: 'notifications' },
    topic: 'notifications',
    content: `[[testing-zulip-gitlab-integration](${SATYAM})] Satyam Bansal [commented](${SATYAM}/-/issues/1#note_1406279810) on [issue #1 Add more lines](${SATYAM}/-/issues/1):\n\n~~~ quote\nThis is again a random comment.\n~~~`,
  },
  {
    name: 'note design with custom topic in url',
    fixture: 'note_hook__design_note',
    params: { topic: 'notifications' },
    topic: 'notifications',
    content: `[[testing-zulip-gitlab-integration](${SATYAM})] Satyam Bansal [commented](${SATYAM}/-/issues/1/designs/Screenshot.png#note_1458583152) on design [Screenshot.png](${SATYAM}/-/issues/1/designs/Screenshot.png):\n\n~~~ quote\nhello\n~~~`,
  },
  {
    name: 'note snippet old event message',
    fixture: 'note_hook__snippet_note_old',
    topic: 'my-awesome-project / snippet #2 test',
    content: `Tomasz Kolek [commented](${TOMEK}/snippets/2#note_14172058) on [snippet #2](${TOMEK}/-/snippets/2):\n\n~~~ quote\nNice snippet\n~~~`,
  },
  {
    name: 'note snippet event message',
    fixture: 'note_hook__snippet_note',
    topic: 'testing-zulip-gitlab-integration / snippet #2547713 a ver...',
    content: `Satyam Bansal [commented](${SATYAM}/-/snippets/2547713#note_1424268837) on [snippet #2547713](${SATYAM}/-/snippets/2547713):\n\n~~~ quote\nsome comment\n~~~`,
  },
  {
    name: 'note snippet with custom topic in url',
    fixture: 'note_hook__snippet_note',
    params: { topic: 'notifications' },
    topic: 'notifications',
    content: `[[testing-zulip-gitlab-integration](${SATYAM})] Satyam Bansal [commented](${SATYAM}/-/snippets/2547713#note_1424268837) on [snippet #2547713 a very new new feature](${SATYAM}/-/snippets/2547713):\n\n~~~ quote\nsome comment\n~~~`,
  },
  {
    name: 'merge request created without assignee event message',
    fixture: 'merge_request_hook__merge_request_created_without_assignee',
    topic: 'my-awesome-project / MR #2 NEW MR',
    content: `Tomasz Kolek created [MR #2](${TOMEK}/merge_requests/2) from \`tomek\` to \`master\`:\n\n~~~ quote\ndescription of merge request\n~~~`,
  },
  {
    name: 'merge request created with custom topic in url',
    fixture: 'merge_request_hook__merge_request_created_without_assignee',
    params: { topic: 'notifications' },
    topic: 'notifications',
    content: `[[my-awesome-project](${TOMEK})] Tomasz Kolek created [MR #2 NEW MR](${TOMEK}/merge_requests/2) from \`tomek\` to \`master\`:\n\n~~~ quote\ndescription of merge request\n~~~`,
  },
  {
    name: 'merge request created with multiple assignees event message',
    fixture: 'merge_request_hook__merge_request_created_with_multiple_assignees',
    topic: 'Demo Project / MR #1 Make a trivial change to the README.',
    content:
      'Hemanth V. Alluri created [MR #1](https://gitlab.com/Hypro999/demo-project/-/merge_requests/1) from `devel` to `master` (assigned to Hemanth V. Alluri and Hemanth V. Alluri):\n\n~~~ quote\nA trivial change that should probably be ignored.\n~~~',
  },
  {
    name: 'merge request closed event message',
    fixture: 'merge_request_hook__merge_request_closed',
    topic: 'my-awesome-project / MR #2 NEW MR',
    content: `Tomasz Kolek closed [MR #2](${TOMEK}/merge_requests/2).`,
  },
  {
    name: 'merge request closed with custom topic in url',
    fixture: 'merge_request_hook__merge_request_closed',
    params: { topic: 'notifications' },
    topic: 'notifications',
    content: `[[my-awesome-project](${TOMEK})] Tomasz Kolek closed [MR #2 NEW MR](${TOMEK}/merge_requests/2).`,
  },
  {
    name: 'merge request reopened event message',
    fixture: 'merge_request_hook__merge_request_reopened',
    topic: 'my-awesome-project / MR #1 Update the README with author ...',
    content: `Eeshan Garg reopened [MR #1](${EESHAN}/merge_requests/1).`,
  },
  {
    name: 'merge request approved event message',
    fixture: 'merge_request_hook__merge_request_approved',
    topic: 'my-awesome-project / MR #1 Update the README with author ...',
    content: `Eeshan Garg approved [MR #1](${EESHAN}/merge_requests/1).`,
  },
  {
    name: 'merge request approval event message',
    fixture: 'merge_request_hook__merge_request_approval',
    topic: 'my-awesome-project / MR #1 Update the README',
    content:
      'Sumit Bhanushali added their approval for [MR #1](https://gitlab.com/sumitb16/my-awesome-project/merge_requests/1).',
  },
  {
    name: 'merge request unapproval event message',
    fixture: 'merge_request_hook__merge_request_unapproval',
    topic: 'my-awesome-project / MR #1 Update the README',
    content:
      'Sumit Bhanushali removed their approval for [MR #1](https://gitlab.com/sumitb16/my-awesome-project/merge_requests/1).',
  },
  {
    name: 'merge request updated event message',
    fixture: 'merge_request_hook__merge_request_updated',
    topic: 'my-awesome-project / MR #3 New Merge Request',
    content: `Tomasz Kolek updated [MR #3](${TOMEK}/merge_requests/3) (assigned to Tomasz Kolek):\n\n~~~ quote\nupdated desc\n~~~`,
  },
  {
    name: 'merge request added commit event message',
    fixture: 'merge_request_hook__merge_request_added_commit',
    topic: 'my-awesome-project / MR #3 New Merge Request',
    content: `Tomasz Kolek added commit(s) to [MR #3](${TOMEK}/merge_requests/3).`,
  },
  {
    name: 'wiki page opened event message',
    fixture: 'wiki_page_hook__wiki_page_opened',
    topic: 'my-awesome-project',
    content: `Tomasz Kolek created [wiki page "how to"](${TOMEK}/wikis/how-to).`,
  },
  {
    name: 'wiki page edited event message',
    fixture: 'wiki_page_hook__wiki_page_edited',
    topic: 'my-awesome-project',
    content: `Tomasz Kolek updated [wiki page "how to"](${TOMEK}/wikis/how-to).`,
  },
  {
    name: 'build created event message',
    fixture: 'build_created',
    event: 'Job Hook',
    topic: 'my-awesome-project / master',
    content: 'Build job_name from test stage was created.',
  },
  {
    name: 'build started event message',
    fixture: 'build_started',
    event: 'Job Hook',
    topic: 'my-awesome-project / master',
    content: 'Build job_name from test stage started.',
  },
  {
    name: 'build succeeded event message',
    fixture: 'build_succeeded',
    event: 'Job Hook',
    topic: 'my-awesome-project / master',
    content: 'Build job_name from test stage changed status to success.',
  },
  {
    name: 'build created event message legacy event name',
    fixture: 'build_created',
    event: 'Build Hook',
    topic: 'my-awesome-project / master',
    content: 'Build job_name from test stage was created.',
  },
  {
    name: 'build started event message legacy event name',
    fixture: 'build_started',
    event: 'Build Hook',
    topic: 'my-awesome-project / master',
    content: 'Build job_name from test stage started.',
  },
  {
    name: 'build succeeded event message legacy event name',
    fixture: 'build_succeeded',
    event: 'Build Hook',
    topic: 'my-awesome-project / master',
    content: 'Build job_name from test stage changed status to success.',
  },
  {
    name: 'pipeline succeeded with artifacts event message',
    fixture: 'pipeline_hook__pipeline_succeeded_with_artifacts',
    topic: 'onlysomeproject / test/links-in-zulip-pipeline-message',
    content: `[Pipeline (22668)](${ONLYSOME}/-/pipelines/22668) changed status to success with build(s):\n* [cleanup:cleanup docker image](${ONLYSOME}/-/jobs/58592) - success\n* [pages](${ONLYSOME}/-/jobs/58591) - success\n  * built artifact: *artifacts.zip* [[Browse](${ONLYSOME}/-/jobs/58591/artifacts/browse)|[Download](${ONLYSOME}/-/jobs/58591/artifacts/download)]\n* [black+pytest:future environment](${ONLYSOME}/-/jobs/58590) - success\n* [docs:anaconda environment](${ONLYSOME}/-/jobs/58589) - success\n  * built artifact: *sphinx-docs.zip* [[Browse](${ONLYSOME}/-/jobs/58589/artifacts/browse)|[Download](${ONLYSOME}/-/jobs/58589/artifacts/download)]\n* [pytest:current environment](${ONLYSOME}/-/jobs/58588) - success\n* [black:current environment](${ONLYSOME}/-/jobs/58587) - success\n* [setup:docker image](${ONLYSOME}/-/jobs/58586) - success.`,
  },
  {
    name: 'pipeline started event message',
    fixture: 'pipeline_hook__pipeline_started',
    topic: 'my-awesome-project / master',
    content: `[Pipeline (4414206)](${PIPELINES}/-/pipelines/4414206) started with build(s):\n* [job_name](${PIPELINES}/-/jobs/4541112) - running\n* [job_name2](${PIPELINES}/-/jobs/4541113) - pending.`,
  },
  {
    name: 'pipeline pending event message',
    fixture: 'pipeline_hook__pipeline_pending',
    topic: 'my-awesome-project / master',
    content: `[Pipeline (4414206)](${PIPELINES}/-/pipelines/4414206) was created with build(s):\n* [job_name2](${PIPELINES}/-/jobs/4541113) - pending\n* [job_name](${PIPELINES}/-/jobs/4541112) - created.`,
  },
  {
    name: 'push commits more than limit message filtered by branches ignore',
    fixture: 'push_hook__push_commits_more_than_limit',
    params: { branches: 'master,development' },
    ignored: true,
  },
  {
    name: 'job hook event topic',
    fixture: 'job_hook__build_created',
    params: { topic: 'provided topic' },
    topic: 'provided topic',
    content:
      '[[gitlab_test](http://192.168.64.1:3005/gitlab-org/gitlab-test)] Build test from test stage was created.',
  },
  {
    name: 'system merge request created without assignee event message',
    fixture: 'system_hook__merge_request_created_without_assignee',
    topic: 'my-awesome-project / MR #2 NEW MR',
    content: `Tomasz Kolek created [MR #2](${TOMEK}/merge_requests/2) from \`tomek\` to \`master\`:\n\n~~~ quote\ndescription of merge request\n~~~`,
  },
  {
    name: 'system merge request created with custom topic in url',
    fixture: 'system_hook__merge_request_created_without_assignee',
    params: { topic: 'notifications' },
    topic: 'notifications',
    content: `[[my-awesome-project](${TOMEK})] Tomasz Kolek created [MR #2 NEW MR](${TOMEK}/merge_requests/2) from \`tomek\` to \`master\`:\n\n~~~ quote\ndescription of merge request\n~~~`,
  },
  {
    name: 'system merge request created with assignee event message',
    fixture: 'system_hook__merge_request_created_with_assignee',
    topic: 'my-awesome-project / MR #3 New Merge Request',
    content: `Tomasz Kolek created [MR #3](${TOMEK}/merge_requests/3) from \`tomek\` to \`master\` (assigned to Tomasz Kolek):\n\n~~~ quote\ndescription of merge request\n~~~`,
  },
  {
    name: 'system merge request closed event message',
    fixture: 'system_hook__merge_request_closed',
    topic: 'my-awesome-project / MR #2 NEW MR',
    content: `Tomasz Kolek closed [MR #2](${TOMEK}/merge_requests/2).`,
  },
  {
    name: 'system merge request merged event message',
    fixture: 'system_hook__merge_request_merged',
    topic: 'my-awesome-project / MR #3 New Merge Request',
    content: `Tomasz Kolek merged [MR #3](${TOMEK}/merge_requests/3) from \`tomek\` to \`master\`.`,
  },
  {
    name: 'system merge request closed with custom topic in url',
    fixture: 'system_hook__merge_request_closed',
    params: { topic: 'notifications' },
    topic: 'notifications',
    content: `[[my-awesome-project](${TOMEK})] Tomasz Kolek closed [MR #2 NEW MR](${TOMEK}/merge_requests/2).`,
  },
  {
    name: 'merge request unapproved event message',
    fixture: 'merge_request_hook__merge_request_unapproved',
    topic: 'my-awesome-project / MR #1 Update the README with author ...',
    content: `Eeshan Garg unapproved [MR #1](${EESHAN}/merge_requests/1).`,
  },
  {
    name: 'release created event message',
    fixture: 'release_hook__create',
    topic: 'release-webhook-example',
    content: `Release [v1.1](${RELEASES}/-/releases/v1.1) for tag v1.1 was created.\n~~~ quote\n## v1.1 (2024-09-06)\n\n- Feature added\n~~~`,
  },
  {
    name: 'release created event message custom topic in url',
    fixture: 'release_hook__create',
    params: { topic: 'Specific topic' },
    topic: 'Specific topic',
    content: `[[release-webhook-example](${RELEASES})] Release [v1.1](${RELEASES}/-/releases/v1.1) for tag v1.1 was created.\n~~~ quote\n## v1.1 (2024-09-06)\n\n- Feature added\n~~~`,
  },
  {
    name: 'release update event message',
    fixture: 'release_hook__update',
    topic: 'release-webhook-example',
    content: `Release [v1.1](${RELEASES}/-/releases/v1.1) for tag v1.1 was updated.\n~~~ quote\n## v1.1 (2024-09-06)\n\n- Feature added\n~~~`,
  },
  {
    name: 'release delete event message',
    fixture: 'release_hook__delete',
    topic: 'release-webhook-example',
    content: 'Release v1.1 for tag v1.1 was deleted.',
  },
  {
    name: 'feature flag activate event message',
    fixture: 'feature_flag_hook__activated',
    topic: 'sample',
    content:
      'kolanuvarun739 activated the feature flag [sample-feature-flag](https://gitlab.com/kolanuvarun/sample/-/feature_flags).',
  },
  {
    name: 'feature flag deactivate event message',
    fixture: 'feature_flag_hook__deactivated',
    topic: 'sample',
    content:
      'kolanuvarun739 deactivated the feature flag [sample-feature-flag](https://gitlab.com/kolanuvarun/sample/-/feature_flags).',
  },
  {
    name: 'resource access token project expiry',
    fixture: 'resource_access_token_hook__project_expiry',
    topic: 'Flight',
    content:
      'The access token [acd](https://example.com/flightjs/Flight/-/settings/access_tokens) will expire on Jan 26, 2024.',
  },
  {
    name: 'resource access token group expiry',
    fixture: 'resource_access_token_hook__group_expiry',
    topic: 'Twitter',
    content:
      'The access token [acd](https://gitlab.com/groups/twitter/-/settings/access_tokens) will expire on Jan 26, 2024.',
  },
  {
    name: 'deployment started event message',
    fixture: 'deployment_hook__running',
    topic: 'test / production',
    content: `[Vedant Joshi](https://gitlab.com/theofficialvedantjoshi) started a new [deployment](${VEDANT}/-/jobs/9905389091):\n> [5879366](${VEDANT}/-/commit/58793660b22d6ceacbdc23b28a0562bca339702c) Update .gitlab-ci.yml file`,
  },
  {
    name: 'deployment succeeded event message',
    fixture: 'deployment_hook__success',
    topic: 'test / production',
    content: `The [deployment](${VEDANT}/-/jobs/9905389091) was successful.`,
  },
  {
    name: 'deployment failed event message',
    fixture: 'deployment_hook__failed',
    topic: 'test / production',
    content: `The [deployment](${VEDANT}/-/jobs/9905759933) failed.`,
  },
  {
    name: 'deployment canceled event message',
    fixture: 'deployment_hook__canceled',
    topic: 'test / production',
    content: `The [deployment](${VEDANT}/-/jobs/9905830127) was canceled.`,
  },
];

describe("Zulip's further GitLab webhook tests", () => {
  let org: Org;
  let alice: TestUser;
  let bot: TestUser;

  beforeAll(async () => {
    ({ org, owner: alice, bot } = await startIntegrationOrg('gitlab', 'gitlab'));
  });
  afterAll(() => org.close());

  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    const before = await newestMessage(org, alice).catch(() => undefined);
    const response = await postWebhook(org, bot, 'gitlab', {
      query: { stream: 'gitlab', ...entry.params },
      body: zulipPayload('gitlab', entry.fixture),
      headers: { 'X-Gitlab-Event': entry.event ?? headerFor(entry.fixture) },
    });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    if ('ignored' in entry) {
      expect((await newestMessage(org, alice).catch(() => undefined))?.id).toBe(before?.id);
      return;
    }
    await expectBotMessage(
      { org, owner: alice, bot },
      'ZulipGitLabWebhook',
      entry.topic,
      entry.content,
    );
  });
});
