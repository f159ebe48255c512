import type { HearthApp } from '../app/hearthApp';
import { handlers } from './callHandlers';

/** Channels: subscribing, creating, their settings and muted topics, and their administration. */
export function streamHandlers(app: HearthApp) {
  return handlers({
    async listStreams() {
      const { streams } = app.active();
      return { streams: streams.list(), archived: streams.listArchived() };
    },
    async subscribeToStream({ streamId }) {
      await app.active().streams.subscribe(streamId);
      return {};
    },
    async unsubscribeFromStream({ streamId }) {
      await app.active().streams.unsubscribe(streamId);
      return {};
    },
    async createStream(stream) {
      await app.active().streams.create(stream);
      return {};
    },
    async getStreamSettings({ streamId }) {
      return app.active().streams.settings(streamId);
    },
    async changeSubscription({ streamId, change }) {
      await app.active().streams.change(streamId, change);
      return {};
    },
    async listMutedTopics() {
      return { topics: app.active().streams.mutedTopics() };
    },
    async setTopicMuted({ streamId, topic, muted }) {
      await app.active().streams.setTopicMuted(streamId, topic, muted);
      return {};
    },
    async setTopicFollowed({ streamId, topic, followed }) {
      await app.active().streams.setTopicFollowed(streamId, topic, followed);
      return {};
    },
    async getStreamAdminSettings({ streamId }) {
      return app.active().streamAdmin.settings(streamId);
    },
    async archiveStream({ streamId }) {
      await app.active().streamAdmin.archive(streamId);
      return {};
    },
    async changeStreamAdminSettings({ streamId, patch }) {
      await app.active().streamAdmin.change(streamId, patch);
      return {};
    },
  });
}
