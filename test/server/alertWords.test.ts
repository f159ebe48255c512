import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertedUserIds } from '../../src-main/server/markdown/alertWords';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's alert words: GET, POST and DELETE /users/me/alert_words, the
// alert_words event and register state, and the has_alert_word flag.

describe('alert words', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  const words = (user: TestUser) =>
    org
      .api(user)('GET', '/users/me/alert_words')
      .then((answer) => answer.json.alert_words);
  const flagsOf = async (user: TestUser, id: number) =>
    ((await org.api(user)('GET', `/messages/${id}`)).json.message as { flags: string[] }).flags;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'ops');
    await org.subscribe(bob, 'ops');
  });
  afterAll(() => org?.close());

  it('keeps words as first typed, without doubles in any case, trimmed and never empty', async () => {
    expect(await words(bob)).toEqual([]);
    const added = await org.api(bob)('POST', '/users/me/alert_words', {
      alert_words: ['Deploy', ' outage ', '', 'DEPLOY'],
    });
    expect(added.json).toMatchObject({ result: 'success', alert_words: ['Deploy', 'outage'] });
    expect(await words(bob)).toEqual(['Deploy', 'outage']);
    expect(await words(alice)).toEqual([]);
    const removed = await org.api(bob)('DELETE', '/users/me/alert_words', {
      alert_words: ['OUTAGE', 'never added'],
    });
    expect(removed.json.alert_words).toEqual(['Deploy']);
  });

  it('refuses a word over 100 characters, naming it, and keeps the others as they were', async () => {
    const refused = await org.api(bob)('POST', '/users/me/alert_words', {
      alert_words: ['fine', 'x'.repeat(101)],
    });
    expect(refused.json).toMatchObject({
      result: 'error',
      msg: 'alert_words[1] is too long (limit: 100 characters)',
    });
    expect(await words(bob)).toEqual(['Deploy']);
  });

  it('tells the user alone of a change, and register reports the words', async () => {
    const bobQueue = (await org.api(bob)('POST', '/register', { event_types: ['alert_words'] }))
      .json;
    const aliceQueue = (await org.api(alice)('POST', '/register', { event_types: ['alert_words'] }))
      .json;
    expect(bobQueue.alert_words).toEqual(['Deploy']);
    await org.api(bob)('POST', '/users/me/alert_words', { alert_words: ['rollback'] });
    const events = async (user: TestUser, queue: { queue_id: string }) =>
      (
        await org.api(user)('GET', '/events', {
          queue_id: queue.queue_id,
          last_event_id: -1,
          dont_block: true,
        })
      ).json.events as { type: string; alert_words?: string[] }[];
    expect((await events(bob, bobQueue)).filter((event) => event.type === 'alert_words')).toEqual([
      { id: 0, type: 'alert_words', alert_words: ['Deploy', 'rollback'] },
    ]);
    expect(await events(alice, aliceQueue)).toEqual([]);
  });

  it('flags a message that holds one of a reader’s words standing on its own, in any case', async () => {
    const send = (content: string) => org.sendStream(alice, 'ops', 'friday', content);
    const hit = await send('Is the DEPLOY done?');
    const inWord = await send('We redeployed twice');
    const atEdges = await send('rollback');
    expect(await flagsOf(bob, hit)).toContain('has_alert_word');
    expect(await flagsOf(alice, hit)).not.toContain('has_alert_word');
    expect(await flagsOf(bob, inWord)).not.toContain('has_alert_word');
    expect(await flagsOf(bob, atEdges)).toContain('has_alert_word');
  });

  it('reads the flag again when the message is edited', async () => {
    const id = await org.sendStream(alice, 'ops', 'friday', 'no words here');
    expect(await flagsOf(bob, id)).not.toContain('has_alert_word');
    await org.api(alice)('PATCH', `/messages/${id}`, { content: 'time to deploy.' });
    expect(await flagsOf(bob, id)).toContain('has_alert_word');
    await org.api(alice)('PATCH', `/messages/${id}`, { content: 'never mind' });
    expect(await flagsOf(bob, id)).not.toContain('has_alert_word');
  });

  it('matches after and before the punctuation Zulip allows, and nowhere else', () => {
    const chosen = new Map([
      ['ship it', [1]],
      ['c++', [2]],
    ]);
    expect([...alertedUserIds('"Ship it", they said', chosen)]).toEqual([1]);
    expect([...alertedUserIds('(ship it)', chosen)]).toEqual([1]);
    expect([...alertedUserIds('shipit', chosen)]).toEqual([]);
    expect([...alertedUserIds('worship it', chosen)]).toEqual([]);
    expect([...alertedUserIds('I like c++.', chosen)]).toEqual([2]);
  });
});
