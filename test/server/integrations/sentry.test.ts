import { describe, expect, it } from 'vitest';
import { expectBotMessage, integrationUnderTest, zulipPayload } from '../../helpers/webhooks';

// Zulip's own Sentry payloads (see zulip-fixtures/sentry/SOURCE).
const zulipFixture = (name: string) => zulipPayload('sentry', name);

const CLIENT = 'ZulipSentryWebhook';
const HYPRO = 'https://sentry.io/organizations/hypro999-personal-organization/issues';
const NITK = 'https://sentry.io/organizations/nitk-46/issues';

const quote = (lines: string[]) => `\`\`\`quote\n${lines.join('\n')}\n\`\`\``;

const exception = (title: string, link: string, time: string, filename: string) =>
  `**New exception:** [${title}](${link})\n` +
  quote(['**level:** error', `**timestamp:** <time:${time}>`, `**filename:** ${filename}`]);

const traceback = (language: string, lines: string[]) =>
  `\n\nTraceback:\n\`\`\`${language}\n${lines.join('\n')}\n\`\`\``;

const messageEvent = (title: string, link: string, level: string, time: string) =>
  `**New message event:** [${title}](${link})\n` +
  quote([`**level:** ${level}`, `**timestamp:** <time:${time}>`]);

const issueCreated = (title: string, level: string, time: string) =>
  `**New issue created:** ${title}\n` +
  quote([`**level:** ${level}`, `**timestamp:** <time:${time}>`, '**assignee:** No one']);

const pythonSource = (dsn: string, raise: string) => [
  '',
  '',
  '     if __name__ == "__main__":',
  `         sentry_sdk.init(dsn=${dsn})`,
  '         try:',
  `--->         ${raise}`,
  '         except Exception as e:',
  '             sentry_sdk.capture_exception(e)',
];

const GO_TITLE = '*url.Error: Get "bad_url": unsupported protocol scheme ""';
const JS_TITLE = 'TypeError: can\'t access property "bar", x.foo is undefined';
const VUE_TITLE = "TypeError: Cannot read properties of null (reading 'insertBefore')";
const SAMPLE_TITLE = 'This is an example Python exception';
const INVALID_STATE = 'Exception: program has entered an invalid state.';

// One row per test of zerver/webhooks/sentry/tests.py that expects a message.
const cases: [fixture: string, topic: string, content: string][] = [
  [
    'event_for_exception_golang',
    GO_TITLE,
    exception(
      GO_TITLE,
      `${HYPRO}/1637164584/events/80777a9cc30e4d0eb8904333d5c298b0/`,
      '2020-04-29T11:23:45+00:00',
      'trigger-exception.go',
    ) +
      traceback('go', [
        '         // Set the timeout to the maximum duration the program can afford to wait.',
        '         defer sentry.Flush(2 * time.Second)',
        '',
        '         resp, err := http.Get(os.Args[1])',
        '         if err != nil {',
        '--->         sentry.CaptureException(err)',
        '             log.Printf("reported to Sentry: %s", err)',
        '             return',
        '         }',
        '         defer resp.Body.Close()',
        '',
      ]),
  ],
  [
    'event_for_exception_node',
    'Error: Sample error from node.',
    exception(
      'Error: Sample error from node.',
      `${HYPRO}/1638852747/events/f9cb0f2afff74a5aa92e766fb7ac3fe3/`,
      '2020-04-30T06:19:33+00:00',
      '/home/hemanth/Desktop/sentry/trigger-exception.js',
    ) +
      traceback('javascript', [
        "       dsn: 'https://redacted.ingest.sentry.io/5216640',",
        '     });',
        '',
        '     Sentry.withScope(function(scope) {',
        '       scope.addEventProcessor(function(event, hint) {',
        '         return event;',
        '       });',
        "--->   Sentry.captureException(new Error('Sample error from node.'));",
        '     });',
        '',
        '',
      ]),
  ],
  [
    'event_for_exception_python',
    'Exception: Custom exception!',
    exception(
      'Exception: Custom exception!',
      `${HYPRO}/1635244907/events/599349254a1447a99774b5310711c1a8/`,
      '2020-04-28T13:56:05+00:00',
      'trigger-exception.py',
    ) +
      traceback('python3', [
        ...pythonSource('SECRET_DSN', 'raise Exception("Custom exception!")'),
        '',
      ]),
  ],
  [
    'event_for_exception_rails',
    'ZeroDivisionError: divided by 0',
    exception(
      'ZeroDivisionError: divided by 0',
      `${NITK}/4213933362/events/49b528e13e45497ab9adc3173fd2ed34/`,
      '2023-05-29T10:12:33+00:00',
      'app/controllers/articles_controller.rb',
    ) +
      traceback('ruby', [
        '     class ArticlesController < ApplicationController',
        '',
        '       def index',
        '',
        '         begin',
        '',
        '--->       132312 / 0',
        '',
        '         rescue ZeroDivisionError => exception',
        '',
        '           Sentry.capture_exception(exception)',
        '',
        '         end',
        '',
      ]),
  ],
  [
    'event_for_exception_vue',
    "TypeError: Cannot read properties of null (reading 'inser...",
    exception(
      VUE_TITLE,
      `${NITK}/4214010673/events/292f78454e774e62999506f759ad791d/`,
      '2023-05-29T11:08:30+00:00',
      '/node_modules/.vite/deps/chunk-G4DFXOZZ.js',
    ),
  ],
  [
    'webhook_event_for_exception_python',
    'ValueError: new sentry error.',
    exception(
      'ValueError: new sentry error.',
      'https://sentry.io/organizations/bar-foundation/issues/1972208801/events/c916dccfd58e41dcabaebef0091f0736/',
      '2020-10-21T23:25:11+00:00',
      'trigger-exception.py',
    ) + traceback('python3', pythonSource('DSN_SECRET', 'raise ValueError("new sentry error.")')),
  ],
  [
    'webhook_event_for_exception_javascript',
    JS_TITLE,
    exception(
      JS_TITLE,
      'https://sentry.io/organizations/foo-bar-org/issues/1982047746/events/f3bf5fc4e354451db9e885a69b2a2b51/',
      '2020-10-26T16:39:54+00:00',
      'None',
    ),
  ],
  [
    'event_for_exception_js',
    'Error: Something external broke.',
    exception(
      'Error: Something external broke.',
      `${HYPRO}/1731239773/events/355c3b2a142046629dd410db2fdda003/`,
      '2020-06-17T14:42:54+00:00',
      '/mnt/data/Documents/Stuff%20for%20Zulip/Repos/sentry/js/external.js',
    ),
  ],
  [
    'event_for_message_golang',
    'A test message event from golang.',
    messageEvent(
      'A test message event from golang.',
      `${HYPRO}/1638844654/events/01ecb45633bc4f5ca940ada671124c8f/`,
      'info',
      '2020-04-30T06:14:13+00:00',
    ),
  ],
  [
    'event_for_message_node',
    'Test event from node.',
    messageEvent(
      'Test event from node.',
      `${HYPRO}/1638840427/events/6886bb1fe7ce4497b7836f6083d5fd34/`,
      'info',
      '2020-04-30T06:09:56+00:00',
    ),
  ],
  [
    'event_for_message_python',
    'A simple message-based issue.',
    messageEvent(
      'A simple message-based issue.',
      `${HYPRO}/1635261062/events/8da63b42375e4d3b803c377fefb062f8/`,
      'info',
      '2020-04-28T14:05:04+00:00',
    ),
  ],
  [
    'issue_assigned_to_individual',
    'A test message event from golang.',
    'Issue **A test message event from golang.** has now been assigned to ' +
      '**Hemanth V. Alluri** by **Hemanth V. Alluri**.',
  ],
  [
    'issue_assigned_to_team',
    INVALID_STATE,
    `Issue **${INVALID_STATE}** has now been assigned to **team lone-wolf** by **Hemanth V. Alluri**.`,
  ],
  [
    'issue_created_for_exception',
    'Exception: Custom exception!',
    issueCreated('Exception: Custom exception!', 'error', '2020-04-28T13:56:05+00:00'),
  ],
  [
    'issue_created_for_message',
    'A simple message-based issue.',
    issueCreated('A simple message-based issue.', 'info', '2020-04-28T14:05:04+00:00'),
  ],
  [
    'issue_ignored',
    INVALID_STATE,
    `Issue **${INVALID_STATE}** was ignored by **Hemanth V. Alluri**.`,
  ],
  [
    'issue_resolved',
    INVALID_STATE,
    `Issue **${INVALID_STATE}** was marked as resolved by **Hemanth V. Alluri**.`,
  ],
  [
    'deprecated_exception_message',
    'zulip',
    'New [issue](https://sentry.io/zulip/zulip/issues/156699934/) (level: ERROR):\n\n' +
      '``` quote\nThis is an example python exception\n```',
  ],
  [
    'sample_event_through_alert',
    SAMPLE_TITLE,
    messageEvent(
      SAMPLE_TITLE,
      `${NITK}/4218258981/events/b6eff1a49b1f4132850b1238d968da70/`,
      'error',
      '2023-05-31T11:06:16+00:00',
    ),
  ],
  [
    'sample_event_through_plugin',
    SAMPLE_TITLE,
    messageEvent(
      SAMPLE_TITLE,
      'https://nitk-46.sentry.io/issues/4218258981/events/4dc4fc2858aa450eb658be9e5b8ad149/',
      'error',
      '2023-07-09T20:41:24+00:00',
    ),
  ],
];

describe('the Sentry integration', () => {
  const integration = integrationUnderTest('sentry', 'sentry', 'Sentry');

  it.each(cases)('posts %s as Zulip does', async (name, topic, content) => {
    const response = await integration.post(zulipFixture(name));
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await expectBotMessage(integration.hook, CLIENT, topic, content);
  });

  it('ignores events from the retired Raven SDK, as unsupported', () =>
    integration.expectUnsupported(zulipFixture('raven_sdk_python_event'), 'Raven SDK'));

  it('answers an issue action it does not know as unsupported', () => {
    const payload = JSON.parse(zulipFixture('issue_resolved'));
    return integration.expectUnsupported(
      JSON.stringify({ ...payload, action: 'archived' }),
      'archived action',
    );
  });

  it('answers data that is neither an event nor an issue as unsupported, naming its keys', () =>
    integration.expectUnsupported(
      JSON.stringify({ action: 'created', data: { comment: {} } }),
      "['comment']",
    ));

  it('refuses an issue without the time it was last seen, posting nothing', () => {
    const payload = JSON.parse(zulipFixture('issue_created_for_exception'));
    delete payload.data.issue.lastSeen;
    return integration.expectMissingKey(JSON.stringify(payload), 'data.issue.lastSeen');
  });

  it('refuses an event whose time is not an ISO 8601 time, posting nothing', async () => {
    const before = await integration.newestTheOwnerReads();
    const payload = JSON.parse(zulipFixture('event_for_message_node'));
    payload.data.event.datetime = 'yesterday';
    const response = await integration.post(JSON.stringify(payload));
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ result: 'error', payload_key: 'data.event.datetime' });
    expect(await integration.newestTheOwnerReads()).toBe(before);
  });

  it('refuses a plugin payload without the issue URL its event link is built on', () => {
    const payload = JSON.parse(zulipFixture('sample_event_through_plugin'));
    delete payload.url;
    return integration.expectMissingKey(JSON.stringify(payload), 'url');
  });

  // Zulip's Sentry view names no event type, so its messages pass any filter.
  it.each([{ only_events: '["issue_created"]' }, { exclude_events: '["*"]' }])(
    'posts whatever only_events and exclude_events say, as Zulip (%o)',
    async (filter) => {
      const before = await integration.newestTheOwnerReads();
      await integration.post(zulipFixture('issue_resolved'), filter);
      expect(await integration.newestTheOwnerReads()).toBeGreaterThan(before);
      await expectBotMessage(
        integration.hook,
        CLIENT,
        INVALID_STATE,
        `Issue **${INVALID_STATE}** was marked as resolved by **Hemanth V. Alluri**.`,
      );
    },
  );
});
