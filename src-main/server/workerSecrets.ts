import type { MessagePort } from 'node:worker_threads';
import { z } from 'zod';
import type { SecretStore } from './certificates/secretStore';
import type { SecretAnswer, SecretAsk } from './workerProtocol';

const answerSchema: z.ZodType<SecretAnswer> = z.object({
  type: z.literal('secret-answer'),
  id: z.number().int(),
  ok: z.boolean(),
  value: z.string().nullable(),
  message: z.string().optional(),
});

/**
 * The app's keychain, as the host worker reaches it: each read, write and removal is
 * asked of main, which holds the keychain, and waits for its answer.
 */
export function secretsThroughMain(port: MessagePort): SecretStore {
  let nextId = 1;
  const waiting = new Map<number, (answer: SecretAnswer) => void>();
  port.on('message', (raw: unknown) => {
    const answer = answerSchema.safeParse(raw);
    if (!answer.success) return;
    waiting.get(answer.data.id)?.(answer.data);
    waiting.delete(answer.data.id);
  });
  const ask = (question: Omit<SecretAsk, 'type' | 'id'>): Promise<string | null> => {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, (answer) => {
        if (answer.ok) resolve(answer.value);
        else reject(new Error(`the keychain failed: ${answer.message ?? 'no reason given'}`));
      });
      port.postMessage({ type: 'secret', id, ...question } satisfies SecretAsk);
    });
  };
  return {
    read: (name) => ask({ name }),
    write: async (name, value) => {
      await ask({ name, value });
    },
    remove: async (name) => {
      await ask({ name, remove: true });
    },
  };
}
