import type { z } from 'zod';
import { accountSettingBridgeCalls } from './calls/accountSettingCalls';
import { alertWordBridgeCalls } from './calls/alertWordCalls';
import { appStateBridgeCalls, appStateBridgeEvents } from './calls/appStateCalls';
import { botBridgeCalls } from './calls/botCalls';
import { composeBridgeCalls } from './calls/composeCalls';
import { customEmojiBridgeCalls } from './calls/customEmojiCalls';
import { displayBridgeCalls } from './calls/displayCalls';
import { downloadFolderBridgeCalls } from './calls/downloadFolderCalls';
import { draftBridgeCalls, draftBridgeEvents } from './calls/draftCalls';
import { feedBridgeCalls, feedBridgeEvents } from './calls/feedCalls';
import { hostingBridgeCalls, hostingBridgeEvents } from './calls/hostingCalls';
import { inboxBridgeCalls } from './calls/inboxCalls';
import { linkifierBridgeCalls } from './calls/linkifierCalls';
import { messageActionBridgeCalls } from './calls/messageActionCalls';
import { mutedUserBridgeCalls } from './calls/mutedUserCalls';
import { networkBridgeCalls } from './calls/networkCalls';
import { notificationBridgeCalls, notificationBridgeEvents } from './calls/notificationCalls';
import { onboardingBridgeCalls, onboardingBridgeEvents } from './calls/onboardingCalls';
import { organizationBridgeCalls } from './calls/organizationCalls';
import { outboxBridgeCalls, outboxBridgeEvents } from './calls/outboxCalls';
import { peopleBridgeCalls } from './calls/peopleCalls';
import { reactionBridgeCalls } from './calls/reactionCalls';
import { readReceiptBridgeCalls } from './calls/readReceiptCalls';
import { recentConversationBridgeCalls } from './calls/recentConversationCalls';
import { scheduledMessageBridgeCalls } from './calls/scheduledMessageCalls';
import { searchBridgeCalls } from './calls/searchCalls';
import { sidebarBridgeCalls, sidebarBridgeEvents } from './calls/sidebarCalls';
import { spellingBridgeCalls } from './calls/spellingCalls';
import { statusBridgeCalls } from './calls/statusCalls';
import { streamBridgeCalls } from './calls/streamCalls';
import { systemConfigBridgeCalls } from './calls/systemConfigCalls';
import { topicDeletionBridgeCalls } from './calls/topicDeletionCalls';
import { typingBridgeCalls, typingBridgeEvents } from './calls/typingCalls';
import { uploadBridgeCalls, uploadBridgeEvents } from './calls/uploadCalls';
import { userGroupBridgeCalls } from './calls/userGroupCalls';
import { widgetBridgeCalls } from './calls/widgetCalls';

// Each area of the window has its part of the contract in calls/, beside the
// building blocks several share; this facade assembles them, and the renderer,
// main and the tests import every name of the contract from here.
export * from './calls/accountSettingCalls';
export * from './calls/alertWordCalls';
export * from './calls/appStateCalls';
export * from './calls/botCalls';
export * from './calls/composeCalls';
export * from './calls/customEmojiCalls';
export * from './calls/destinations';
export * from './calls/displayCalls';
export * from './calls/downloadFolderCalls';
export * from './calls/draftCalls';
export * from './calls/feedCalls';
export * from './calls/feedMessage';
export * from './calls/hostingCalls';
export * from './calls/inboxCalls';
export * from './calls/linkifierCalls';
export * from './calls/messageActionCalls';
export * from './calls/mutedUserCalls';
export * from './calls/narrow';
export * from './calls/networkCalls';
export * from './calls/notificationCalls';
export * from './calls/onboardingCalls';
export * from './calls/organizationCalls';
export * from './calls/outboxCalls';
export * from './calls/peopleCalls';
export * from './calls/reactionCalls';
export * from './calls/readReceiptCalls';
export * from './calls/recentConversationCalls';
export * from './calls/scheduledMessageCalls';
export * from './calls/searchCalls';
export * from './calls/sidebarCalls';
export * from './calls/spellingCalls';
export * from './calls/statusCalls';
export * from './calls/streamCalls';
export * from './calls/systemConfigCalls';
export * from './calls/topicDeletionCalls';
export * from './calls/typingCalls';
export * from './calls/uploadCalls';
export * from './calls/userGroupCalls';
export * from './calls/widgetCalls';
export type { Subscription, RecipientUser, MentionFlag } from '../src-main/wire';
export type { ProxySetting } from '../src-main/wire/proxySetting';

// The one contract between the untrusted renderer and the main side. Main
// registers a handler for every entry of `bridgeCalls` and parses its argument
// with the entry's schema; the preload (and the WebSocket harness) expose
// exactly these names. The renderer imports only their types.
export const bridgeCalls = {
  ...accountSettingBridgeCalls,
  ...alertWordBridgeCalls,
  ...appStateBridgeCalls,
  ...botBridgeCalls,
  ...composeBridgeCalls,
  ...customEmojiBridgeCalls,
  ...displayBridgeCalls,
  ...downloadFolderBridgeCalls,
  ...draftBridgeCalls,
  ...feedBridgeCalls,
  ...hostingBridgeCalls,
  ...inboxBridgeCalls,
  ...linkifierBridgeCalls,
  ...messageActionBridgeCalls,
  ...mutedUserBridgeCalls,
  ...networkBridgeCalls,
  ...notificationBridgeCalls,
  ...onboardingBridgeCalls,
  ...organizationBridgeCalls,
  ...outboxBridgeCalls,
  ...peopleBridgeCalls,
  ...reactionBridgeCalls,
  ...readReceiptBridgeCalls,
  ...recentConversationBridgeCalls,
  ...scheduledMessageBridgeCalls,
  ...searchBridgeCalls,
  ...sidebarBridgeCalls,
  ...spellingBridgeCalls,
  ...statusBridgeCalls,
  ...streamBridgeCalls,
  ...systemConfigBridgeCalls,
  ...topicDeletionBridgeCalls,
  ...typingBridgeCalls,
  ...uploadBridgeCalls,
  ...userGroupBridgeCalls,
  ...widgetBridgeCalls,
} as const;

export const bridgeEvents = {
  ...appStateBridgeEvents,
  ...draftBridgeEvents,
  ...feedBridgeEvents,
  ...hostingBridgeEvents,
  ...notificationBridgeEvents,
  ...onboardingBridgeEvents,
  ...outboxBridgeEvents,
  ...sidebarBridgeEvents,
  ...typingBridgeEvents,
  ...uploadBridgeEvents,
} as const;

export type BridgeCallName = keyof typeof bridgeCalls;
export type BridgeEventName = keyof typeof bridgeEvents;
export type CallArgs<K extends BridgeCallName> = z.input<(typeof bridgeCalls)[K]['args']>;
export type CallResult<K extends BridgeCallName> = z.output<(typeof bridgeCalls)[K]['result']>;
export type EventPayload<E extends BridgeEventName> = z.output<(typeof bridgeEvents)[E]>;

export type BridgeCalls = {
  [K in BridgeCallName]: (args: CallArgs<K>) => Promise<CallResult<K>>;
};

export interface ChatBridge extends BridgeCalls {
  /** Listens for a pushed event; returns the function that stops listening. */
  on<E extends BridgeEventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** What main implements: the calls, plus a way to push events to one renderer. */
export interface BridgeService extends BridgeCalls {
  subscribe(
    push: <E extends BridgeEventName>(event: E, payload: EventPayload<E>) => void,
  ): () => void;
}

export const callChannel = (name: BridgeCallName): string => `hearth:call:${name}`;
export const eventChannel = 'hearth:event';

// Frames of the WebSocket implementation of the same contract.
export type WsRequest = { id: number; method: string; args: unknown };
export type WsFrame =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: string }
  | { event: BridgeEventName; payload: unknown };

export const bridgeCallNames = Object.keys(bridgeCalls) as BridgeCallName[];

export function isBridgeCallName(name: string): name is BridgeCallName {
  return Object.hasOwn(bridgeCalls, name);
}

/**
 * Routes one call from an untrusted renderer: only names of the contract reach
 * the service, which parses the argument with the call's schema itself.
 */
export function invokeBridgeCall(
  service: BridgeCalls,
  name: string,
  args: unknown,
): Promise<unknown> {
  if (!isBridgeCallName(name)) return Promise.reject(new Error(`Unknown bridge call: ${name}`));
  const call = service[name] as (args: unknown) => Promise<unknown>;
  return call.call(service, args);
}
