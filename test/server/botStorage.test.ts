import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { createWebhookBot } from '../helpers/webhooks';

// Zulip's /bot_storage: string values a bot keeps under string keys, for
// bots only since Zulip 12 (feature level 494).
describe('bot storage', () => {
  let org: Org;
  let alice: TestUser;
  let serial = 0;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(() => org.close());

  const genericBot = async (): Promise<TestUser> => {
    serial += 1;
    const created = await org.api(alice)('POST', '/bots', {
      full_name: `Keeper ${serial}`,
      short_name: `keeper${serial}`,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    return {
      id: created.json.user_id as number,
      email: `keeper${serial}-bot@hearth.local`,
      fullName: `Keeper ${serial}`,
      apiKey: created.json.api_key as string,
    };
  };
  const put = (bot: TestUser, storage: Record<string, string>) =>
    org.api(bot)('PUT', '/bot_storage', { storage });
  const get = async (bot: TestUser, keys?: string[]) =>
    (await org.api(bot)('GET', '/bot_storage', keys ? { keys } : {})).json;
  const remove = (bot: TestUser, keys?: string[]) =>
    org.api(bot)('DELETE', '/bot_storage', keys ? { keys } : {});

  it('keeps, overwrites and reads back what a bot stores, all of it or by key', async () => {
    const bot = await genericBot();
    expect((await put(bot, { colour: 'blue', size: '3' })).json).toEqual({
      result: 'success',
      msg: '',
    });
    await put(bot, { colour: 'green', shape: 'round' });
    expect(await get(bot)).toEqual({
      result: 'success',
      msg: '',
      storage: { colour: 'green', size: '3', shape: 'round' },
    });
    expect((await get(bot, ['shape', 'colour'])).storage).toEqual({
      shape: 'round',
      colour: 'green',
    });
    expect((await get(bot, [])).storage).toEqual({});
  });

  it('answers Key does not exist. for a missing key, and deletes nothing then', async () => {
    const bot = await genericBot();
    await put(bot, { kept: 'yes' });
    expect(await get(bot, ['kept', 'missing'])).toEqual({
      result: 'error',
      msg: 'Key does not exist.',
      code: 'BAD_REQUEST',
    });
    const refused = await remove(bot, ['kept', 'missing']);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ msg: 'Key does not exist.', code: 'BAD_REQUEST' });
    expect((await get(bot)).storage).toEqual({ kept: 'yes' });
  });

  it('deletes the keys it is given, or everything when given none', async () => {
    const bot = await genericBot();
    await put(bot, { a: '1', b: '2', c: '3' });
    expect((await remove(bot, ['a'])).json).toEqual({ result: 'success', msg: '' });
    expect((await get(bot)).storage).toEqual({ b: '2', c: '3' });
    await remove(bot);
    expect((await get(bot)).storage).toEqual({});
  });

  it("keeps each bot's storage its own, and across a restart", async () => {
    const first = await genericBot();
    const second = await genericBot();
    await put(first, { owner: 'first' });
    expect((await get(second)).storage).toEqual({});
    await org.restart();
    expect((await get(first)).storage).toEqual({ owner: 'first' });
  });

  it('refuses a request that would take the bot past 10,000,000 characters, storing none of it', async () => {
    const bot = await genericBot();
    // Key and value both count: each of these holds 1,000,002 characters.
    for (let index = 0; index < 9; index += 1) {
      expect((await put(bot, { [`k${index}`]: 'x'.repeat(1_000_000) })).status).toBe(200);
    }
    const over = await put(bot, { c: 'x'.repeat(999_981), d: 'dd' });
    expect(over.status).toBe(400);
    expect(over.json).toEqual({
      result: 'error',
      msg: 'Request exceeds storage limit by 3 characters. The limit is 10000000 characters.',
      code: 'BAD_REQUEST',
    });
    expect((await get(bot, ['c'])).msg).toBe('Key does not exist.');
    expect((await get(bot, ['d'])).msg).toBe('Key does not exist.');
    // A replaced value counts only by its difference, up to the limit itself.
    expect((await put(bot, { k0: 'x'.repeat(999_999) })).status).toBe(200);
    expect((await put(bot, { c: 'x'.repeat(999_982) })).status).toBe(200);
    expect((await put(bot, { c: 'y'.repeat(999_982) })).status).toBe(200);
    expect((await put(bot, { e: '' })).json.msg).toBe(
      'Request exceeds storage limit by 1 characters. The limit is 10000000 characters.',
    );
  });

  it('is for bots only since feature level 494: a person is refused', async () => {
    for (const call of [
      () => org.api(alice)('GET', '/bot_storage'),
      () => org.api(alice)('PUT', '/bot_storage', { storage: { mine: 'no' } }),
      () => org.api(alice)('DELETE', '/bot_storage'),
    ]) {
      const refused = await call();
      expect(refused.status).toBe(400);
      expect(refused.json).toEqual({
        result: 'error',
        msg: 'Must be a bot user',
        code: 'PERMISSION_DENIED',
      });
    }
  });

  it('is closed to incoming webhook bots, as the rest of the API is', async () => {
    const hook = await createWebhookBot(org, alice, 'storagehook');
    const refused = await org.api(hook)('GET', '/bot_storage');
    expect(refused.status).toBe(401);
    expect(refused.json.msg).toBe('This API is not available to incoming webhook bots.');
  });

  it('names storage when it is not a dictionary of strings', async () => {
    const bot = await genericBot();
    const response = await org.api(bot)('PUT', '/bot_storage', { storage: { n: 1 } });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ result: 'error', var_name: 'storage' });
  });
});
