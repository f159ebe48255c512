import { z } from 'zod';
import {
  bridgeCalls,
  webhookIntegrations,
  type BridgeCallName,
  type BridgeService,
  type CallArgs,
} from '../../src-preload/bridge';
import type { Session } from './session';

/** The part of a Session the bridge exposes; a harness may hand in anything that has it. */
export type BridgedSession = Pick<
  Session,
  | 'identity'
  | 'realmName'
  | 'state'
  | 'connection'
  | 'on'
  | 'sendStreamMessage'
  | 'getMessages'
  | 'listBots'
  | 'createBot'
  | 'regenerateBotKey'
  | 'deactivateBot'
  | 'webhookUrl'
>;

export class BridgeArgumentError extends Error {
  override readonly name = 'BridgeArgumentError';
}

// Arguments come from an untrusted renderer whatever the transport, so the
// service parses them itself instead of trusting its caller to have done it.
const parseArgs = <K extends BridgeCallName>(
  name: K,
  args: unknown,
): z.output<(typeof bridgeCalls)[K]['args']> => {
  const parsed = bridgeCalls[name].args.safeParse(args);
  if (!parsed.success)
    throw new BridgeArgumentError(`${name}: invalid arguments: ${z.prettifyError(parsed.error)}`);
  return parsed.data as z.output<(typeof bridgeCalls)[K]['args']>;
};

export function createBridgeService(session: BridgedSession): BridgeService {
  return {
    async getSnapshot(args: CallArgs<'getSnapshot'>) {
      parseArgs('getSnapshot', args);
      return {
        user: {
          userId: session.identity.user_id,
          email: session.identity.email,
          fullName: session.identity.full_name,
        },
        realmName: session.realmName,
        subscriptions: [...session.state.subscriptions],
        connection: session.connection,
      };
    },
    async getMessages(args: CallArgs<'getMessages'>) {
      const { stream, topic } = parseArgs('getMessages', args);
      return session.getMessages(topic === undefined ? { stream } : { stream, topic });
    },
    async sendMessage(args: CallArgs<'sendMessage'>) {
      const message = parseArgs('sendMessage', args);
      return { id: await session.sendStreamMessage(message) };
    },
    async listBots(args: CallArgs<'listBots'>) {
      parseArgs('listBots', args);
      return { bots: await session.listBots(), integrations: [...webhookIntegrations] };
    },
    async createBot(args: CallArgs<'createBot'>) {
      return session.createBot(parseArgs('createBot', args));
    },
    async regenerateBotKey(args: CallArgs<'regenerateBotKey'>) {
      await session.regenerateBotKey(parseArgs('regenerateBotKey', args).botId);
      return {};
    },
    async deactivateBot(args: CallArgs<'deactivateBot'>) {
      await session.deactivateBot(parseArgs('deactivateBot', args).botId);
      return {};
    },
    async webhookUrl(args: CallArgs<'webhookUrl'>) {
      return { url: await session.webhookUrl(parseArgs('webhookUrl', args)) };
    },
    subscribe(push) {
      const stops = [
        session.on('message', (message) => push('message', message)),
        session.on('subscriptions', (subscriptions) => push('subscriptions', [...subscriptions])),
        session.on('connection', (connection) => push('connection', connection)),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}
