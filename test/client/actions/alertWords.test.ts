import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeArgumentError } from '../../../src-main/client/bridge/bridgeService';
import { invokeBridgeCall, type BridgeService } from '../../../src-preload/bridge';
import { eventually, signedInHearth } from '../../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../../helpers/org';

// Issue 17, point 6: the user's alert words over the bridge, against a real host.

let org: Org;
let alice: TestUser;
let bob: TestUser;
let hearth: Awaited<ReturnType<typeof signedInHearth>>;
let service: BridgeService;

const serverWords = async (): Promise<string[]> =>
  (await org.api(alice)('GET', '/users/me/alert_words')).json.alert_words as string[];

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
  bob = await org.user('bob');
  await org.subscribe(alice, 'kitchen');
  await org.subscribe(bob, 'kitchen');
  hearth = await signedInHearth(org.url, alice);
  service = hearth.service;
});

afterAll(async () => {
  await hearth?.close();
  await org?.close();
});

describe('alert words over the bridge', () => {
  it('lists none at first', async () => {
    expect(await service.listAlertWords({})).toEqual({ words: [] });
  });

  it('adds a word, trimmed, and answers with the list the server keeps', async () => {
    expect(await service.addAlertWord({ word: '  deploy ' })).toEqual({ words: ['deploy'] });
    expect(await service.addAlertWord({ word: 'coffee machine' })).toEqual({
      words: ['deploy', 'coffee machine'],
    });
    expect(await serverWords()).toEqual(['deploy', 'coffee machine']);
  });

  it('follows a word added on another device, from the server’s event', async () => {
    await org.api(alice)('POST', '/users/me/alert_words', { alert_words: ['lunch'] });

    await eventually('the list holds the word added elsewhere', async () =>
      (await service.listAlertWords({})).words.includes('lunch'),
    );
  });

  it('removes a word', async () => {
    expect((await service.removeAlertWord({ word: 'coffee machine' })).words).toEqual([
      'deploy',
      'lunch',
    ]);
    expect(await serverWords()).toEqual(['deploy', 'lunch']);
  });

  it('shows a message holding one of the words with the has_alert_word flag', async () => {
    const id = await org.sendStream(bob, 'kitchen', 'news', 'The Deploy is done.');

    const flagged = await eventually('the message is in the cache', async () => {
      const page = await service.openNarrow({ narrow: { kind: 'all' } });
      return page.messages.find((message) => message.id === id);
    });

    expect(flagged.flags).toContain('has_alert_word');
  });

  it.each([
    ['an empty word', 'addAlertWord', { word: '  ' }],
    ['a word longer than 100 characters', 'addAlertWord', { word: 'x'.repeat(101) }],
    ['a word given as a list', 'removeAlertWord', { word: ['deploy'] }],
  ] as const)('rejects %s without asking the server', async (_case, name, args) => {
    await expect(invokeBridgeCall(service, name, args)).rejects.toBeInstanceOf(BridgeArgumentError);
  });
});
