import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's bot_creation_policy: 1 everyone, 2 only administrators create
// generic bots, 3 only administrators create any bot.
describe('bot_creation_policy', () => {
  let org: Org;
  let alice: TestUser;
  let serial = 0;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
  });
  afterAll(() => org.close());

  const setPolicy = async (policy: number) => {
    const response = await org.api(org.owner)('PATCH', '/realm', { bot_creation_policy: policy });
    expect(response.json.result).toBe('success');
  };
  const create = (user: TestUser, botType: number) => {
    serial += 1;
    return org.api(user)('POST', '/bots', {
      full_name: `Policy ${serial}`,
      short_name: `policy${serial}`,
      bot_type: botType,
      ...(botType === 3 ? { payload_url: JSON.stringify('https://93.184.216.34/bot') } : {}),
    });
  };
  const refusal = {
    result: 'error',
    code: 'BAD_REQUEST',
    msg: 'Insufficient permission',
  };

  it('is 1 (everyone) in register state at first, and changes with a realm event', async () => {
    const queue = (await org.api(alice)('POST', '/register', { event_types: ['realm'] })).json;
    expect(queue.realm_bot_creation_policy).toBe(1);
    const changed = await org.api(org.owner)('PATCH', '/realm', { bot_creation_policy: 2 });
    expect(changed.json).toMatchObject({ result: 'success', bot_creation_policy: 2 });
    const events = (
      await org.api(alice)('GET', '/events', { queue_id: queue.queue_id, dont_block: true })
    ).json.events;
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'realm',
        op: 'update',
        property: 'bot_creation_policy',
        value: 2,
      }),
    );
    const fresh = (await org.api(alice)('POST', '/register', { fetch_event_types: ['realm'] }))
      .json;
    expect(fresh.realm_bot_creation_policy).toBe(2);
  });

  // As Zulip 12 reads it, where 2 became can_create_write_only_bots_group:
  // bots that only post, which outgoing webhook bots are not.
  it('under 2, lets members create incoming webhook bots but no other kind', async () => {
    await setPolicy(2);
    expect((await create(alice, 1)).json).toMatchObject(refusal);
    expect((await create(alice, 2)).json.result).toBe('success');
    expect((await create(alice, 3)).json).toMatchObject(refusal);
    expect((await create(org.owner, 1)).json.result).toBe('success');
  });

  it('under 3, lets only administrators create bots, outgoing webhooks included', async () => {
    await setPolicy(3);
    for (const botType of [1, 2, 3])
      expect((await create(alice, botType)).json).toMatchObject(refusal);
    expect((await create(org.owner, 3)).json.result).toBe('success');
  });

  it('is changed by administrators only, to one of its three values', async () => {
    const byMember = await org.api(alice)('PATCH', '/realm', { bot_creation_policy: 1 });
    expect(byMember.json).toMatchObject({
      result: 'error',
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
    const unknown = await org.api(org.owner)('PATCH', '/realm', { bot_creation_policy: 4 });
    expect(unknown.status).toBe(400);
    await setPolicy(1);
    expect((await create(alice, 1)).json.result).toBe('success');
  });
});
