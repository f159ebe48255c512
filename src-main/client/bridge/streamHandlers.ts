import type { CallArgs } from '../../../src-preload/bridge';
import type { HearthApp } from '../app/hearthApp';
import { parseArgs } from './callArgs';
import { handlers } from './callHandlers';

/** Channels: subscribing, creating, their settings and muted topics, and their administration. */
export function streamHandlers(app: HearthApp) {
  return handlers({
    async listStreams(args: CallArgs<'listStreams'>) {
      parseArgs('listStreams', args);
      const { streams } = app.active();
      return { streams: streams.list(), archived: streams.listArchived() };
    },
    async subscribeToStream(args: CallArgs<'subscribeToStream'>) {
      const { streamId } = parseArgs('subscribeToStream', args);
      await app.active().streams.subscribe(streamId);
      return {};
    },
    async unsubscribeFromStream(args: CallArgs<'unsubscribeFromStream'>) {
      const { streamId } = parseArgs('unsubscribeFromStream', args);
      await app.active().streams.unsubscribe(streamId);
      return {};
    },
    async createStream(args: CallArgs<'createStream'>) {
      const stream = parseArgs('createStream', args);
      await app.active().streams.create(stream);
      return {};
    },
    async getStreamSettings(args: CallArgs<'getStreamSettings'>) {
      const { streamId } = parseArgs('getStreamSettings', args);
      return app.active().streams.settings(streamId);
    },
    async changeSubscription(args: CallArgs<'changeSubscription'>) {
      const { streamId, change } = parseArgs('changeSubscription', args);
      await app.active().streams.change(streamId, change);
      return {};
    },
    async listMutedTopics(args: CallArgs<'listMutedTopics'>) {
      parseArgs('listMutedTopics', args);
      return { topics: app.active().streams.mutedTopics() };
    },
    async setTopicMuted(args: CallArgs<'setTopicMuted'>) {
      const { streamId, topic, muted } = parseArgs('setTopicMuted', args);
      await app.active().streams.setTopicMuted(streamId, topic, muted);
      return {};
    },
    async getStreamAdminSettings(args: CallArgs<'getStreamAdminSettings'>) {
      const { streamId } = parseArgs('getStreamAdminSettings', args);
      return app.active().streamAdmin.settings(streamId);
    },
    async archiveStream(args: CallArgs<'archiveStream'>) {
      const { streamId } = parseArgs('archiveStream', args);
      await app.active().streamAdmin.archive(streamId);
      return {};
    },
    async changeStreamAdminSettings(args: CallArgs<'changeStreamAdminSettings'>) {
      const { streamId, patch } = parseArgs('changeStreamAdminSettings', args);
      await app.active().streamAdmin.change(streamId, patch);
      return {};
    },
  });
}
