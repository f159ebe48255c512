import { describe, expect, it } from 'vitest';
import type { CallArgs, ChatBridge, WebhookTestResult } from '../../src-preload/bridge';
import { BotsStore } from '../../src-renderer/src/lib/botsStore.svelte';

/** A bridge whose test messages wait until the test lets each one go. */
function slowBridge() {
  const sent: CallArgs<'sendWebhookTest'>[] = [];
  const pending: {
    resolve: (result: WebhookTestResult) => void;
    reject: (error: Error) => void;
  }[] = [];
  const bridge = {
    webhookUrl: async () => ({ url: 'http://h.test/api/v1/external/github?api_key=k' }),
    sendWebhookTest: (args: CallArgs<'sendWebhookTest'>) => {
      sent.push(args);
      return new Promise<WebhookTestResult>((resolve, reject) => pending.push({ resolve, reject }));
    },
  };
  // Only the calls the Bots view makes about one bot's URL are answered.
  return { bridge: bridge as unknown as ChatBridge, sent, pending };
}

describe("the Bots view's test message", () => {
  it('is sent once while one is on its way, for the target shown', async () => {
    const { bridge, sent, pending } = slowBridge();
    const bots = new BotsStore(bridge);
    await bots.showWebhook(7);
    await bots.retarget({ integration: 'github', stream: 'builds', topic: ' ' });

    const first = bots.sendTest();
    const second = bots.sendTest();

    expect(bots.testSending).toBe(true);
    expect(sent).toEqual([{ botId: 7, integration: 'github', stream: 'builds' }]);
    pending[0]?.resolve({ stream: 'builds', topic: null });
    await Promise.all([first, second]);
    expect(bots.testSending).toBe(false);
    expect(bots.testOutcome).toEqual({ sent: true, stream: 'builds', topic: null });
    expect(sent).toHaveLength(1);
  });

  it("keeps the server's reason when it fails, until the target changes", async () => {
    const { bridge, pending } = slowBridge();
    const bots = new BotsStore(bridge);
    await bots.showWebhook(7);

    const sending = bots.sendTest();
    pending[0]?.reject(new Error("Invalid stream name 'builds'"));
    await sending;

    expect(bots.testOutcome).toEqual({ sent: false, reason: "Invalid stream name 'builds'" });
    await bots.retarget({ topic: 'deploys' });
    expect(bots.testOutcome).toBeNull();
  });

  it('says nothing of a test sent for a target the user has since left', async () => {
    const { bridge, pending } = slowBridge();
    const bots = new BotsStore(bridge);
    await bots.showWebhook(7);

    const sending = bots.sendTest();
    await bots.retarget({ stream: 'general' });
    pending[0]?.resolve({ stream: null, topic: null });
    await sending;

    expect(bots.testOutcome).toBeNull();
    expect(bots.testSending).toBe(false);
  });
});
