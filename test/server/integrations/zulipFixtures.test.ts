import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Org, TestUser } from '../../helpers/org';
import {
  newestInStream,
  postWebhook,
  sharedZulipFixtures,
  startIntegrationOrg,
} from '../../helpers/webhooks';

// Zulip's own webhook tests, resolved to what each sends and expects, are
// kept beside the checkout (../shared/zulip-webhook-fixtures, its README says
// where they come from): each case posts Zulip's payload as its test does and
// compares the stream's newest message, as Zulip's check_webhook does.
const fixturesDir = sharedZulipFixtures;

const caseSchema = z.object({
  name: z.string(),
  integration: z.string(),
  fixture: z.string(),
  content_type: z.string(),
  headers: z.record(z.string(), z.string()),
  params: z.array(z.tuple([z.string(), z.string()])),
  expect: z.enum(['message', 'nothing']),
  topic: z.string().optional(),
  topic_also: z.array(z.string()).optional(),
  content: z.string().optional(),
});
type FixtureCase = z.infer<typeof caseSchema>;

const casesFile = join(fixturesDir, 'cases.json');
const cases: FixtureCase[] = existsSync(casesFile)
  ? z.object({ cases: z.array(caseSchema) }).parse(JSON.parse(readFileSync(casesFile, 'utf8')))
      .cases
  : [];

describe("Zulip's own webhook fixtures", () => {
  let org: Org;
  let alice: TestUser;
  let bot: TestUser;
  const stream = 'zulip fixtures';

  beforeAll(async () => {
    ({ org, owner: alice, bot } = await startIntegrationOrg('fixtures', stream));
  });
  afterAll(() => org?.close());

  it(`has them at ${fixturesDir}`, () => {
    expect(existsSync(casesFile), `${casesFile} is missing`).toBe(true);
    expect(cases.length).toBeGreaterThanOrEqual(72);
  });

  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    const before = await newestInStream(org, alice, stream);
    const response = await postWebhook(org, bot, entry.integration, {
      query: { stream, ...Object.fromEntries(entry.params) },
      body: readFileSync(join(fixturesDir, entry.integration, entry.fixture), 'utf8'),
      contentType: entry.content_type,
      headers: entry.headers,
    });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    const newest = await newestInStream(org, alice, stream);
    if (entry.expect === 'nothing') {
      expect(newest?.id).toBe(before?.id);
      return;
    }
    expect(newest?.id).not.toBe(before?.id);
    expect(newest?.sender_id).toBe(bot.id);
    // Hearth declares Zulip 7.0's API level, where a message without a topic reads "(no topic)".
    const topics = [entry.topic, ...(entry.topic_also ?? [])];
    expect(topics, `topic ${JSON.stringify(newest?.subject)}`).toContain(newest?.subject);
    expect(newest?.content).toBe(entry.content);
  });
});
