import './englishWindow';
import { describe, expect, it } from 'vitest';
import type { PushServiceReport } from '../../src-preload/bridge';
import { pushServiceState } from '../../src-renderer/src/components/Hosting/pushServiceState';

// Issue 54, point 6: the Hosting page says whether phones are notified and,
// if not, why, in the window's language and the service's own words.

const url = 'https://push.example.net';
const registeredAtMs = Date.UTC(2026, 10, 2, 9, 30);
const lostAtMs = Date.UTC(2026, 10, 20, 17, 5);
const when = (ms: number) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(ms);

const report = (change: Partial<PushServiceReport>): PushServiceReport => ({
  url,
  contactEmail: 'hana@harbour.example',
  registeredAtMs,
  unreachableSinceMs: null,
  refusal: null,
  canPush: true,
  ...change,
});

describe('whether phones are notified, as the Hosting page says it', () => {
  it('says a host that never registered is not notified, with no reason to list', () => {
    expect(pushServiceState(null)).toEqual({
      summary: 'Not notified: this host is not registered with a push notification service',
      reasons: [],
    });
  });

  it('names the service and since when once it accepted the host and pushes for it', () => {
    expect(pushServiceState(report({}))).toEqual({
      summary: `Notified through ${url} since ${when(registeredAtMs)}`,
      reasons: [],
    });
  });

  it('says since when a registered host’s service has not answered', () => {
    expect(pushServiceState(report({ unreachableSinceMs: lostAtMs }))).toEqual({
      summary: 'Not notified',
      reasons: [`The service at ${url} has not answered since ${when(lostAtMs)}.`],
    });
  });

  it('quotes a refusal in the service’s own words', () => {
    expect(
      pushServiceState(report({ registeredAtMs: null, refusal: 'Enter a valid email address.' })),
    ).toEqual({
      summary: 'Not notified',
      reasons: [`The service at ${url} refused: “Enter a valid email address.”`],
    });
  });

  it('passes on the service’s word that it does not push for the organization', () => {
    expect(pushServiceState(report({ canPush: false }))).toEqual({
      summary: 'Not notified',
      reasons: [
        `The service at ${url} says it does not send notifications for this organization: its plan may not include them.`,
      ],
    });
  });

  it('says the service has not accepted a host it has said nothing of yet', () => {
    expect(pushServiceState(report({ registeredAtMs: null, canPush: false }))).toEqual({
      summary: 'Not notified',
      reasons: [`The service at ${url} has not accepted this host yet.`],
    });
  });
});
