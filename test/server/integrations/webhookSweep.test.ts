import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { integrations } from '../../../src-main/server/integrations';
import type { ApiResponse } from '../../helpers/org';
import {
  postWebhook,
  startIntegrationOrg,
  zulipPayload,
  type IntegrationOrg,
} from '../../helpers/webhooks';

// Every integration's parser, given its own payloads spoiled one value at a
// time, and bodies that are no payload at all: as the REST sweep
// (test/server/inputSweep.test.ts), none may produce a 500, every answer is
// Zulip's JSON, and a 400 that blames a payload key names one that was sent,
// or one the parser looked for and did not find.

const STREAM = 'sweep';
const FORM = 'application/x-www-form-urlencoded';

interface Sample {
  fixture: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

interface Sweep {
  /** How the service labels its body, as the integration's own tests post it. */
  contentType?: string;
  samples: Sample[];
}

const event = (header: string, fixture: string, name = fixture.split('__')[0] ?? fixture) => ({
  fixture,
  headers: { [header]: name },
});

// Payloads each integration turns into a message, so the unspoiled post
// reaches the end of its parser and a spoiled one fails somewhere within it.
const sweeps: Record<string, Sweep> = {
  // Zulip's test client posts these JSON bodies labelled as a form.
  helloworld: { contentType: FORM, samples: [{ fixture: 'hello' }] },
  github: {
    samples: [
      event('X-GitHub-Event', 'pull_request__opened'),
      event('X-GitHub-Event', 'push__1_commit'),
    ],
  },
  gitlab: {
    samples: [
      event('X-Gitlab-Event', 'push_hook', 'Push Hook'),
      event(
        'X-Gitlab-Event',
        'merge_request_hook__merge_request_created_with_assignee',
        'Merge Request Hook',
      ),
    ],
  },
  alertmanager: { samples: [{ fixture: 'alert', query: { name: 'topic', desc: 'description' } }] },
  grafana: { contentType: FORM, samples: [{ fixture: 'alert_v7' }, { fixture: 'alert_v8' }] },
  slack_incoming: { samples: [{ fixture: 'complicated' }, { fixture: 'attachment_fields' }] },
  sentry: {
    samples: [
      { fixture: 'event_for_exception_python' },
      { fixture: 'issue_created_for_exception' },
    ],
  },
  bitbucket2: {
    samples: [
      { fixture: 'push' },
      event('X-Event-Key', 'pull_request_created_or_updated', 'pullrequest:created'),
    ],
  },
  bitbucket3: {
    samples: [{ fixture: 'repo_push_add_branch' }, { fixture: 'pull_request_approved' }],
  },
  gogs: { samples: [event('X-Gogs-Event', 'push'), event('X-Gogs-Event', 'pull_request__opened')] },
  gitea: {
    samples: [
      event('X-Gitea-Event', 'push__5_commits'),
      event('X-Gitea-Event', 'pull_request__opened'),
    ],
  },
  pagerduty: { samples: [{ fixture: 'trigger' }, { fixture: 'triggered_v3' }] },
  opsgenie: { contentType: FORM, samples: [{ fixture: 'create' }, { fixture: 'addnote' }] },
  zabbix: { samples: [{ fixture: 'zabbix_alert_high' }] },
  uptimerobot: { samples: [{ fixture: 'uptimerobot_monitor_down' }] },
  circleci: {
    samples: [{ fixture: 'github_workflow_completed' }, { fixture: 'github_job_completed' }],
  },
  jira: { samples: [{ fixture: 'created_v2' }, { fixture: 'comment_created' }] },
  linear: { samples: [{ fixture: 'issue_create_complex' }, { fixture: 'comment_create' }] },
  azuredevops: {
    samples: [{ fixture: 'code_push' }, { fixture: 'code_pull_request__opened' }],
  },
};

type Segment = string | number;

interface Spot {
  segments: Segment[];
  /** The path as Payload names it in `payload_key`: `a.b[0].c`. */
  name: string;
  value: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const childName = (parent: string, segment: Segment) =>
  typeof segment === 'number' ? `${parent}[${segment}]` : parent ? `${parent}.${segment}` : segment;

/** Every value below the root, parents before their children. */
function* walk(value: unknown, segments: Segment[] = [], name = ''): Generator<Spot> {
  const children: [Segment, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : isObject(value)
      ? Object.entries(value)
      : [];
  for (const [segment, child] of children) {
    const spot = { segments: [...segments, segment], name: childName(name, segment), value: child };
    yield spot;
    yield* walk(child, spot.segments, spot.name);
  }
}

// Enough paths to reach into every part of a payload while a run stays short:
// all top-level keys, which every parser reads first, then an even spread of
// the deeper ones.
const MAX_SPOTS = 40;

function chosenSpots(payload: unknown): Spot[] {
  const all = [...walk(payload)];
  const top = all.filter((spot) => spot.segments.length === 1).slice(0, MAX_SPOTS);
  const deeper = all.filter((spot) => spot.segments.length > 1);
  const room = Math.min(MAX_SPOTS - top.length, deeper.length);
  const stride = deeper.length / Math.max(room, 1);
  return [
    ...top,
    ...Array.from({ length: room }, (_, i) => deeper[Math.floor(i * stride)] as Spot),
  ];
}

const kind = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

const wrongTypes: unknown[] = [null, 42, 'text', [], {}];

/** `value` with the child at `segments` replaced, or removed when no replacement is given. */
function spoiled(
  value: unknown,
  segments: readonly Segment[],
  ...replacement: [unknown?]
): unknown {
  const [segment, ...rest] = segments;
  const kept = (child: unknown): unknown[] => {
    if (rest.length > 0) return [spoiled(child, rest, ...replacement)];
    return replacement.length === 1 ? [replacement[0]] : [];
  };
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => (index === segment ? kept(item) : [item]));
  }
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
      key === segment ? kept(item).map((child) => [key, child]) : [[key, item]],
    ),
  );
}

interface Variant {
  what: string;
  body: string;
  /** The document sent, when the body is JSON. */
  sent?: unknown;
  removed?: string;
}

function variants(text: string): Variant[] {
  const payload: unknown = JSON.parse(text);
  const result: Variant[] = [];
  for (const spot of chosenSpots(payload)) {
    for (const value of wrongTypes.filter((candidate) => kind(candidate) !== kind(spot.value))) {
      const sent = spoiled(payload, spot.segments, value);
      result.push({
        what: `${spot.name}=${JSON.stringify(value)}`,
        body: JSON.stringify(sent),
        sent,
      });
    }
    const sent = spoiled(payload, spot.segments);
    result.push({
      what: `without ${spot.name}`,
      body: JSON.stringify(sent),
      sent,
      removed: spot.name,
    });
  }
  result.push(
    { what: 'truncated body', body: text.slice(0, Math.floor(text.length / 2)) },
    { what: 'empty body', body: '' },
  );
  for (const body of ['[]', '42', '"x"', 'null']) {
    result.push({ what: `body ${body}`, body, sent: JSON.parse(body) });
  }
  return result;
}

// The paths a `payload_key` may name for `sent`, besides the key removed from
// it: a value that was sent, the document itself (Payload calls it "body"),
// or a key the parser looked for in an object that was sent.
function blamable(sent: unknown): (key: string) => boolean {
  const named = new Map<string, unknown>([['', sent]]);
  for (const spot of walk(sent)) named.set(spot.name, spot.value);
  return (key) => {
    if (key === 'body' || named.has(key)) return true;
    const parent = /^(.*?)(?:\.[^.[\]]*|\[\d+\])$/.exec(key)?.[1] ?? '';
    return isObject(named.get(parent));
  };
}

/** What is wrong with an answer, if anything. */
function problem(response: ApiResponse, variant: Variant): string | undefined {
  const { status, json } = response;
  if (status >= 500 || (status !== 200 && status < 400)) return `status ${status}`;
  if (!isObject(json)) return `not JSON: ${String(json).slice(0, 200)}`;
  if (json.result === 'success') return status === 200 ? undefined : `success with ${status}`;
  if (json.result !== 'error') return `result ${String(json.result)}`;
  if (typeof json.msg !== 'string' || typeof json.code !== 'string') return 'no msg or code';
  if (json.code !== 'BAD_REQUEST' || !('payload_key' in json)) return undefined;
  const key = json.payload_key;
  if (typeof key !== 'string') return 'payload_key is not a string';
  if (variant.sent === undefined) return `payload_key ${key} of no JSON`;
  return key === variant.removed || blamable(variant.sent)(key)
    ? undefined
    : `payload_key ${key} names nothing sent`;
}

describe('every integration against spoiled payloads', () => {
  let hook: IntegrationOrg;
  // The host writes its log (shown on the Hosting page) to the console; the
  // key in a webhook URL must never reach it, whatever the payload makes the
  // host say. The spies record and pass every line on.
  const consoleLines: MockInstance[] = [];

  beforeAll(async () => {
    hook = await startIntegrationOrg('sweeper', STREAM);
    for (const method of ['log', 'info', 'warn', 'error'] as const) {
      consoleLines.push(vi.spyOn(console, method));
    }
  });
  afterAll(async () => {
    for (const spy of consoleLines) spy.mockRestore();
    await hook.org.close();
  });

  it('has payloads for every integration', () => {
    expect([...integrations.keys()].filter((name) => !(name in sweeps))).toEqual([]);
  });

  it.each(Object.entries(sweeps))(
    'answers %s with JSON and never a server error',
    async (urlName, sweep) => {
      let posts = 0;
      let floor = 0;
      const failures: string[] = [];
      const post = (sample: Sample, body: string) => {
        posts += 1;
        return postWebhook(hook.org, hook.bot, urlName, {
          query: { stream: STREAM, ...sample.query },
          body,
          headers: sample.headers ?? {},
          contentType: sweep.contentType ?? 'application/json',
        });
      };
      for (const sample of sweep.samples) {
        const text = zulipPayload(urlName, sample.fixture);
        // Spoiled payloads only test the parser if the unspoiled one gets through it.
        const valid = await post(sample, text);
        expect(valid.json, sample.fixture).toEqual({ result: 'success', msg: '' });
        // Each value, up to the cap, retyped at least once and removed; and the six bodies.
        floor += 1 + 2 * Math.min(MAX_SPOTS, [...walk(JSON.parse(text))].length) + 6;
        for (const variant of variants(text)) {
          const found = problem(await post(sample, variant.body), variant);
          if (found) failures.push(`${sample.fixture} ${variant.what}: ${found}`);
        }
      }
      expect(failures).toEqual([]);
      expect(posts).toBeGreaterThanOrEqual(floor);
    },
  );

  it("logs no line that carries the bot's key from the URL", () => {
    const lines = consoleLines.flatMap((spy) => spy.mock.calls.map((call) => call.join(' ')));
    expect(lines.filter((line) => line.includes(hook.bot.apiKey))).toEqual([]);
  });
});
