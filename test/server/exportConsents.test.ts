import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Whether people let an export of the organization include their private
// data: GET /export/realm/consents (Zulip 10, feature level 295), each
// person's email visibility beside it (Zulip 12, 430), and the
// realm_export_consent event administrators' clients hear (Zulip 10, 312).

describe('export consents', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(() => org.close());

  const consents = async () => {
    const response = await org.api(org.owner)('GET', '/export/realm/consents');
    expect(response.status).toBe(200);
    return response.json.export_consents as Record<string, unknown>[];
  };

  it('lists every active person, none consenting and email visible to everyone by default', async () => {
    await org.api(org.owner)('POST', '/bots', { full_name: 'Helper', short_name: 'helper' });
    expect(await consents()).toEqual(
      [org.owner, alice, bob].map((user) => ({
        user_id: user.id,
        consented: false,
        email_address_visibility: 1,
      })),
    );
  });

  it("follows each person's choice, and tells administrators of a changed consent", async () => {
    const register = async (user: TestUser) =>
      (await org.api(user)('POST', '/register', { event_types: ['realm_export_consent'] })).json
        .queue_id as string;
    const ownerQueue = await register(org.owner);
    const bobQueue = await register(bob);
    await org.api(alice)('PATCH', '/settings', {
      allow_private_data_export: true,
      email_address_visibility: 3,
    });
    expect((await consents()).find((row) => row.user_id === alice.id)).toEqual({
      user_id: alice.id,
      consented: true,
      email_address_visibility: 3,
    });
    const eventsOf = async (user: TestUser, queueId: string) =>
      (
        (await org.api(user)('GET', '/events', { queue_id: queueId, dont_block: true })).json
          .events as Record<string, unknown>[]
      ).map(({ id: _id, ...event }) => event);
    expect(await eventsOf(org.owner, ownerQueue)).toEqual([
      { type: 'realm_export_consent', user_id: alice.id, consented: true },
    ]);
    expect(await eventsOf(bob, bobQueue)).toEqual([]);
  });

  it('leaves out deactivated people', async () => {
    await org.api(org.owner)('DELETE', `/users/${bob.id}`);
    expect((await consents()).map((row) => row.user_id)).toEqual([org.owner.id, alice.id]);
  });

  it('is for administrators only', async () => {
    const response = await org.api(alice)('GET', '/export/realm/consents');
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      result: 'error',
      msg: 'Must be an organization administrator',
      code: 'UNAUTHORIZED_PRINCIPAL',
    });
  });
});
