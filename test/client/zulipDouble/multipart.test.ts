import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import zulip from 'zulip-js';
import { startZulipDouble, type Seat, type ZulipDouble } from '../../helpers/zulipDouble';

// Zulip reads any endpoint's parameters from a multipart/form-data body as
// from a form-encoded one; zulip-js sends every POST so.
let double: ZulipDouble;
beforeEach(async () => {
  double = await startZulipDouble();
});
afterEach(() => double.close());

const basic = (seat: Seat) =>
  `Basic ${Buffer.from(`${seat.email}:${seat.apiKey}`).toString('base64')}`;

// Written out by hand: zulip-js swaps the global FormData for the form-data package's.
function multipart(authorization: string, fields: Record<string, string>) {
  const boundary = 'hearth-test-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    headers: {
      Authorization: authorization,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body: `${parts.join('')}--${boundary}--\r\n`,
  };
}

describe('multipart bodies on the Zulip double', () => {
  it('registers, sends and delivers for zulip-js', async () => {
    const hamlet = double.users.member;
    const client = await zulip({
      username: hamlet.email,
      apiKey: hamlet.apiKey,
      realm: double.url,
    });
    const queue = await client.queues.register({
      event_types: ['message'],
      apply_markdown: 'true',
    });
    expect(queue.result).toBe('success');
    const sent = await client.messages.send({
      type: 'stream',
      to: 'Denmark',
      topic: 'castle',
      content: 'Who is *there*?',
    });
    expect(sent).toMatchObject({ result: 'success', id: expect.any(Number) });
    expect(double.org.messages.get(sent.id)).toMatchObject({
      topic: 'castle',
      content: 'Who is *there*?',
    });
    const answer = await client.events.retrieve({
      queue_id: queue.queue_id,
      last_event_id: queue.last_event_id,
    });
    expect(answer.events).toMatchObject([
      {
        type: 'message',
        message: { id: sent.id, content: '<p>Who is <em>there</em>?</p>', subject: 'castle' },
      },
    ]);
  });

  it('reads the fields of a PATCH sent as multipart', async () => {
    const authorization = basic(double.users.member);
    const sent = await fetch(`${double.url}/api/v1/messages`, {
      method: 'POST',
      ...multipart(authorization, {
        type: 'stream',
        to: String(double.streams.denmark),
        topic: 'lunch',
        content: 'Lunch at *one*',
      }),
    });
    const { id } = (await sent.json()) as { id: number };
    const edited = await fetch(`${double.url}/api/v1/messages/${id}`, {
      method: 'PATCH',
      ...multipart(authorization, { content: 'Lunch at *two*' }),
    });
    expect(await edited.json()).toEqual({ result: 'success', msg: '' });
    expect(double.org.messages.get(id)).toMatchObject({
      topic: 'lunch',
      content: 'Lunch at *two*',
    });
  });

  it('answers a body that is not multipart after all with a Zulip error', async () => {
    const response = await fetch(`${double.url}/api/v1/messages`, {
      method: 'POST',
      headers: {
        Authorization: basic(double.users.member),
        'content-type': 'multipart/form-data; boundary=nothing-here',
      },
      body: 'type=stream&to=Denmark',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });
});
