import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Org, TestUser } from '../../helpers/org';
import { fixture, newestMessage, postWebhook, startIntegrationOrg } from '../../helpers/webhooks';

// Zulip's sample integration; its message is Zulip's to the character.
describe('the HelloWorld integration', () => {
  let org: Org;
  let alice: TestUser;
  let bot: TestUser;

  beforeAll(async () => {
    ({ org, owner: alice, bot } = await startIntegrationOrg('helloworld', 'test'));
  });
  afterAll(() => org.close());

  it.each([
    ['hello.json', 'Ada Lovelace', 'https://en.wikipedia.org/wiki/Ada_Lovelace'],
    ['goodbye.json', 'Lighthouse', 'https://en.wikipedia.org/wiki/Lighthouse'],
  ])('announces the featured article of %s under Hello World', async (name, title, url) => {
    const response = await postWebhook(org, bot, 'helloworld', {
      query: { stream: 'test' },
      body: fixture('helloworld', name),
    });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    const message = await newestMessage(org, alice);
    expect(message.subject).toBe('Hello World');
    expect(message.content).toBe(
      `Hello! I am happy to be here! :smile:\nThe Wikipedia featured article for today is **[${title}](${url})**`,
    );
  });
});
