import { describe, expect, it } from 'vitest';
import { expectBotMessage, integrationUnderTest, zulipPayload } from '../../helpers/webhooks';

// Zulip's Linear webhook tests (zerver/webhooks/linear/tests.py, see
// zulip-fixtures/linear/SOURCE): each posts Zulip's payload as JSON to a URL
// naming the stream, and checks the stream's newest message.

const CLIENT = 'ZulipLinearWebhook';
const STREAM = 'Linear';
const PROJECTS = 'https://linear.app/zulipdhruv/project';
const ZULIP_PROJECT = `${PROJECTS}/zulip-project-532c1333013b`;
const TEST_PROJECT = `${PROJECTS}/zulip-test-project-532c1333013b`;
const PROJECT_ZULIP = `${PROJECTS}/project-zulip-c65c2156ca87`;
const ZULIP_TERMINAL = `${PROJECTS}/zulip-terminal-5bfd1327f54b`;

interface Case {
  name: string;
  fixture: string;
  query?: Record<string, string>;
  topic: string;
  content: string;
}

const cases: Case[] = [
  {
    name: 'issue create simple without description',
    fixture: 'issue_create_simple_without_description',
    topic: 'Issue: Drop-down overflow in the select menu.',
    content:
      '[Issue](https://linear.app/webhooks/issue/WEB-42/drop-down-overflow-in-the-select-menu) was created in team Webhooks.\nPriority: High, Status: Todo.',
  },
  {
    name: 'issue create simple without description with custom topic in url',
    fixture: 'issue_create_simple_without_description',
    query: { topic: 'notifications' },
    topic: 'notifications',
    content:
      '[Issue](https://linear.app/webhooks/issue/WEB-42/drop-down-overflow-in-the-select-menu) was created in team Webhooks.\nPriority: High, Status: Todo.',
  },
  {
    name: 'issue create simple',
    fixture: 'issue_create_simple',
    topic: 'Issue: Very small font in tooltip',
    content:
      '[Issue](https://linear.app/webhooks/issue/WEB-43/very-small-font-in-tooltip) was created in team Webhooks:\n~~~ quote\nThe tooltips at the "Select Drawing" and "Edit Drawing" buttons have a very small font and therefore are not very legible. Apart from this, the wording of the text has to be changed to fit better with the overall design pattern.\n~~~\n\nStatus: Todo.',
  },
  {
    name: 'issue create complex',
    fixture: 'issue_create_complex',
    topic: 'Issue: This is regarding the outage that we faced during ...',
    content:
      '[Issue](https://linear.app/webhooks/issue/WEB-44/this-is-regarding-the-outage-that-we-faced-during-111222-from-2000-to) was created in team Webhooks:\n~~~ quote\nThe outage that occurred on the above-mentioned date is a cause for concern as it could have significant implications for the organization and its users. A prolonged outage can result in lost revenue, productivity, and customer confidence. Therefore, it is essential to conduct a detailed assessment and analysis to identify the root cause of the outage and take appropriate measures to prevent its recurrence.\n\nThe analysis process may involve the use of specialized tools and techniques to help pinpoint the exact cause of the outage. Once the root cause has been identified, the organization can take steps to implement effective solutions that can mitigate the risk of a similar outage happening in the future. The assessment and analysis process will help the organization to develop a more robust and reliable IT infrastructure that can provide uninterrupted services to its users.\n~~~\n\nPriority: Urgent, Assignee: Satyam Bansal, Status: In Progress.',
  },
  {
    name: 'comment create',
    fixture: 'comment_create',
    topic: 'Issue: Thorough Impact Analysis and Cost Realization',
    content:
      "Satyam Bansal [commented](https://linear.app/webhooks/issue/WEB-46#comment-c7cafc52) on issue **Thorough Impact Analysis and Cost Realization**:\n~~~ quote\nPerforming a thorough impact analysis and cost realization is a crucial step in responding to any system outage or incident. By examining the extent of the outage, the affected systems or services, the number of users impacted, and any error messages or logs generated during the incident, we can gain a comprehensive understanding of the scope of the incident.\n\nThis information can then be used to prioritize the resolution efforts and minimize the impact on our organization's operations. Additionally, cost realization allows us to evaluate the financial impact of the outage on our organization and make informed decisions regarding resource allocation for future incidents.\n\nOverall, conducting a thorough impact analysis and cost realization can help us effectively manage incidents and prevent similar issues from occurring in the future.\n~~~",
  },
  {
    name: 'comment remove',
    fixture: 'comment_remove',
    topic: 'Issue: Thorough Impact Analysis and Cost Realization',
    content: 'Satyam Bansal has removed a comment.',
  },
  {
    name: 'comment update',
    fixture: 'comment_update',
    topic: 'Issue: Thorough Impact Analysis and Cost Realization',
    content:
      "Satyam Bansal [updated comment](https://linear.app/webhooks/issue/WEB-46#comment-c7cafc52) on issue **Thorough Impact Analysis and Cost Realization**:\n~~~ quote\nInvalid response to any system outage or incident, it is essential to perform a comprehensive impact analysis and cost evaluation. By examining factors such as the extent of the outage, the affected systems or services, the number of users affected, and any error messages or logs generated during the incident, we can gain a detailed understanding of the incident's scope.\n\nThis information is then critical in prioritizing resolution efforts and reducing the impact on our organization's operations. Additionally, conducting cost realization allows us to assess the financial implications of the outage and make informed decisions about allocating resources for future incidents.\n\nOverall, performing a thorough impact analysis and cost realization is an effective way to manage incidents and prevent similar issues from recurring.\n~~~",
  },
  {
    name: 'issue remove',
    fixture: 'issue_remove',
    topic: 'Issue: This is regarding the outage that we faced on 11/1...',
    content: 'This issue has been removed from team Webhooks.',
  },
  {
    name: 'issue sub issue create',
    fixture: 'issue_sub_issue_create',
    topic: 'Sub-Issue: Impact Analysis',
    content:
      '[Sub-Issue](https://linear.app/webhooks/issue/WEB-46/impact-analysis) was created in team Webhooks:\n~~~ quote\nExamining the extent of the outage, the affected systems or services, the number of users impacted, and any error messages or logs generated during the incident.\n~~~\n\nStatus: Todo.',
  },
  {
    name: 'issue sub issue remove',
    fixture: 'issue_sub_issue_remove',
    topic: 'Sub-Issue: Thorough Impact Analysis and Cost Realization',
    content: 'This issue has been removed from team Webhooks.',
  },
  {
    name: 'issue sub issue update',
    fixture: 'issue_sub_issue_update',
    topic: 'Sub-Issue: Thorough Impact Analysis and Cost Realization',
    content:
      '[Sub-Issue](https://linear.app/webhooks/issue/WEB-46/thorough-impact-analysis-and-cost-realization) was updated in team Webhooks:\n~~~ quote\nExamining the extent of the outage, the affected systems or services, the number of users impacted, and any error messages or logs generated during the incident.\n~~~\n\nStatus: Todo.',
  },
  {
    name: 'issue update',
    fixture: 'issue_update',
    topic: 'Issue: This is regarding the outage that we faced on 11/1...',
    content:
      '[Issue](https://linear.app/webhooks/issue/WEB-44/this-is-regarding-the-outage-that-we-faced-on-111222-from-2000-to-2200) was updated in team Webhooks:\n~~~ quote\nThe outage that occurred on the above-mentioned date is a cause for concern as it could have significant implications for the organization and its users. A prolonged outage can result in lost revenue, productivity, and customer confidence. Therefore, it is essential to conduct a detailed assessment and analysis to identify the root cause of the outage and take appropriate measures to prevent its recurrence.\n\nThe analysis process may involve the use of specialized tools and techniques to help pinpoint the exact cause of the outage. Once the root cause has been identified, the organization can take steps to implement effective solutions that can mitigate the risk of a similar outage happening in the future. The assessment and analysis process will help the organization to develop a more robust and reliable IT infrastructure that can provide uninterrupted services to its users.\n~~~\n\nPriority: Urgent, Assignee: Satyam Bansal, Status: In Progress.',
  },
  {
    name: 'project create complex',
    fixture: 'project_create_complex',
    topic: 'Project: Zulip-Project',
    content:
      `Dhruv Shetty created project [Zulip-Project](${ZULIP_PROJECT}):\n~~~ quote\nSummary for the Project\n` +
      '**Start date:** 2026-05-28 – **Target date:** 2026-05-30\n~~~\n' +
      '**Status:** Planned · **Lead:** Dhruv Shetty · **Priority:** Urgent\n- **Milestone:** Phase 1',
  },
  {
    name: 'project create without description',
    fixture: 'project_create_without_description',
    topic: 'Project: Project-Manhattan',
    content: `Dhruv Shetty created project [Project-Manhattan](${PROJECTS}/project-manhattan-9719af1a1893)\n**Status:** Backlog`,
  },
  {
    name: 'project create without description with dates',
    fixture: 'project_create_without_description_with_dates',
    topic: 'Project: Zulip-terminal',
    content:
      `Dhruv Shetty created project [Zulip-terminal](${ZULIP_TERMINAL})\n**Status:** Backlog\n` +
      '- **Start date:** 2026-06-01\n- **Target date:** 2026-06-03',
  },
  {
    name: 'project update priority',
    fixture: 'project_update_priority',
    topic: 'Project: Zulip-Project',
    content: `Dhruv Shetty updated project [Zulip-Project](${ZULIP_PROJECT}).\nPriority is now set to High.`,
  },
  {
    name: 'project update target date',
    fixture: 'project_update_target_date',
    topic: 'Project: Zulip-Project',
    content: `Dhruv Shetty updated project [Zulip-Project](${ZULIP_PROJECT}).\nTarget date is postponed to 2026-06-02.`,
  },
  {
    name: 'project update rename',
    fixture: 'project_update_rename',
    topic: 'Project: Zulip-Test-Project',
    content: `Dhruv Shetty updated project [Zulip-Test-Project](${TEST_PROJECT}).\nRenamed to Zulip-Test-Project.`,
  },
  {
    name: 'project update status',
    fixture: 'project_update_status',
    topic: 'Project: Zulip-Test-Project',
    content: `Dhruv Shetty updated project [Zulip-Test-Project](${TEST_PROJECT}).\nProject status is now In Progress.`,
  },
  {
    name: 'project update lead set',
    fixture: 'project_update_lead_set',
    topic: 'Project: Zulip-Test-Project',
    content: `Dhruv Shetty updated project [Zulip-Test-Project](${TEST_PROJECT}).\nDhruv Shetty is now the project lead.`,
  },
  {
    name: 'project update target date preponed',
    fixture: 'project_update_target_date_preponed',
    topic: 'Project: Zulip-Test-Project',
    content: `Dhruv Shetty updated project [Zulip-Test-Project](${TEST_PROJECT}).\nTarget date is preponed to 2026-05-29.`,
  },
  {
    name: 'project update target date set',
    fixture: 'project_update_target_date_set',
    topic: 'Project: Project Zulip',
    content: `Dhruv Shetty updated project [Project Zulip](${PROJECT_ZULIP}).\nTarget date is set to 2026-05-30.`,
  },
  {
    name: 'project update description',
    fixture: 'project_update_description',
    topic: 'Project: Zulip-Test-Project',
    content: `Dhruv Shetty updated project [Zulip-Test-Project](${TEST_PROJECT}).\nDescription is updated.`,
  },
  {
    name: 'project remove',
    fixture: 'project_remove',
    topic: 'Project: Project-Zulip',
    content: 'Dhruv Shetty removed project **Project-Zulip**.',
  },
  {
    name: 'projectUpdate create',
    fixture: 'projectUpdate_create',
    topic: 'Project: Zulip-terminal',
    content:
      `Dhruv Shetty [posted](${ZULIP_TERMINAL}/activity#project-update-bd310e45) a status update on **Zulip-terminal** (health: At Risk):\n~~~ quote\n` +
      'This is a project status update\n**Imported User**[7:03 AM](<http://localhost:9991/#narrow/channel/10-design/topic/.E2.9C.94.20NEW.20router.20wasn.27t.20de-duping.20slowly/near/88>)\n\n' +
      'Existing robust and atomic methodologies use suffix trees to evaluate trainable theory. The basic tenet of this approach is the development of checksums. Despite the fact that conventional wisdom states that this obstacle is regularly overcame by the deployment of the World Wide Web, we believe that a different approach is necessary.\n~~~',
  },
  {
    name: 'projectUpdate update',
    fixture: 'projectUpdate_update',
    topic: 'Project: Project Zulip',
    content:
      `Dhruv Shetty [edited](${PROJECT_ZULIP}/activity#project-update-4a0814c9) a status update on **Project Zulip** (health: Off Track):\n` +
      '~~~ quote\nThere is a risk\n~~~\n\n**Priority**: Medium',
  },
  {
    name: 'projectUpdate remove',
    fixture: 'projectUpdate_remove',
    topic: 'Project: Project-Zulip',
    content: 'Dhruv Shetty removed a status update on **Project-Zulip**.',
  },
];

// Linear's follow-up Project updates that Zulip's tests check send nothing.
const suppressed = [
  'projectUpdate_auto_update_after_create',
  'projectUpdate_auto_update_after_edit',
  'project_auto_update_after_create',
];

describe('the Linear integration', () => {
  const integration = integrationUnderTest('linear', STREAM, 'Linear');

  it.each(cases)('posts $name as Zulip does', async ({ fixture, query, topic, content }) => {
    const response = await integration.post(zulipPayload('linear', fixture), query);
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await expectBotMessage(integration.hook, CLIENT, topic, content);
  });

  it.each(suppressed)('posts nothing for %s', (fixture) =>
    integration.expectNothingPosted(zulipPayload('linear', fixture)),
  );

  it.each(['IssueLabel', 'Cycle', 'Reaction'])('ignores %s events, as Zulip does', (type) =>
    integration.expectNothingPosted(JSON.stringify({ type, action: 'create', data: {} })),
  );

  it('answers an event type it does not know as unsupported, posting nothing', () =>
    integration.expectUnsupported(
      JSON.stringify({ type: 'Document', action: 'create', data: {} }),
      'Document:create',
    ));

  it('refuses an issue without its state, naming the key and posting nothing', () => {
    const payload = JSON.parse(zulipPayload('linear', 'issue_create_simple'));
    delete payload.data.state;
    return integration.expectMissingKey(JSON.stringify(payload), 'data.state');
  });
});
