import type { HearthApp } from '../app/hearthApp';
import { handlers } from './callHandlers';

/**
 * The organization's administration: its settings, people and invitations,
 * user groups, linkifiers and code playgrounds, custom emoji.
 */
export function organizationHandlers(app: HearthApp) {
  return handlers({
    async getOrganizationSettings() {
      return app.active().organization.settings();
    },
    async changeOrganizationSettings({ patch }) {
      await app.active().organization.change(patch);
      return {};
    },
    async setOrganizationIcon({ image }) {
      await app.active().organization.setIcon(image);
      return {};
    },
    async setDefaultStream({ streamId, isDefault }) {
      await app.active().organization.setDefaultStream(streamId, isDefault);
      return {};
    },
    async listPeople() {
      return app.active().people.page();
    },
    async changeRole({ userId, role }) {
      await app.active().people.changeRole(userId, role);
      return {};
    },
    async deactivateUser({ userId }) {
      await app.active().people.deactivate(userId);
      return {};
    },
    async reactivateUser({ userId }) {
      await app.active().people.reactivate(userId);
      return {};
    },
    async listInvitations() {
      return { invitations: await app.active().people.invitations() };
    },
    async createInvitation(invitation) {
      return { link: await app.active().people.createInvitation(invitation) };
    },
    async revokeInvitation({ id, email }) {
      await app.active().people.revokeInvitation(id, email !== null);
      return {};
    },
    async listUserGroups() {
      return app.active().userGroups.page();
    },
    async createUserGroup(group) {
      await app.active().userGroups.create(group);
      return {};
    },
    async changeUserGroup({ groupId, patch }) {
      await app.active().userGroups.change(groupId, patch);
      return {};
    },
    async changeUserGroupMembers({ groupId, add, remove }) {
      await app.active().userGroups.changeMembers(groupId, add, remove);
      return {};
    },
    async changeUserGroupSubgroups({ groupId, add, remove }) {
      await app.active().userGroups.changeSubgroups(groupId, add, remove);
      return {};
    },
    async deleteUserGroup({ groupId }) {
      await app.active().userGroups.delete(groupId);
      return {};
    },
    async addLinkifier({ pattern, urlTemplate }) {
      return { id: await app.active().linkifiers.add(pattern, urlTemplate) };
    },
    async updateLinkifier({ id, pattern, urlTemplate }) {
      await app.active().linkifiers.update(id, pattern, urlTemplate);
      return {};
    },
    async removeLinkifier({ id }) {
      await app.active().linkifiers.remove(id);
      return {};
    },
    async addPlayground(playground) {
      return { id: await app.active().linkifiers.addPlayground(playground) };
    },
    async removePlayground({ id }) {
      await app.active().linkifiers.removePlayground(id);
      return {};
    },
    async listCustomEmoji() {
      return app.active().customEmoji.page();
    },
    async addCustomEmoji({ name, image }) {
      await app.active().customEmoji.add(name, image);
      return {};
    },
    async removeCustomEmoji({ name }) {
      await app.active().customEmoji.remove(name);
      return {};
    },
    async messageEmojiImage({ accountId, src }) {
      return { dataUrl: await app.messageEmojiImage(accountId, src) };
    },
  });
}
