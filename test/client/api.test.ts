import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src-main/client/api';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('the typed API against a real host', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
  });
  afterAll(() => org.close());

  it('previews the HTML of a message without sending it', async () => {
    const api = createApi({ serverUrl: org.url, email: alice.email, apiKey: alice.apiKey });
    const before = await api.getNewestMessages([], 100);

    const rendered = await api.renderMessage('**hi** @**Bob**');

    expect(rendered).toBe(
      `<p><strong>hi</strong> <span class="user-mention" data-user-id="${bob.id}">@Bob</span></p>`,
    );
    expect(await api.getNewestMessages([], 100)).toEqual(before);
  });
});
