import type { CallArgs } from '../../../src-preload/bridge';
import type { HearthApp } from '../app/hearthApp';
import { parseArgs } from './callArgs';
import { handlers } from './callHandlers';

/**
 * The organization's administration: its settings, people and invitations,
 * user groups, linkifiers and code playgrounds, custom emoji.
 */
export function organizationHandlers(app: HearthApp) {
  return handlers({
    async getOrganizationSettings(args: CallArgs<'getOrganizationSettings'>) {
      parseArgs('getOrganizationSettings', args);
      return app.active().organization.settings();
    },
    async changeOrganizationSettings(args: CallArgs<'changeOrganizationSettings'>) {
      const { patch } = parseArgs('changeOrganizationSettings', args);
      await app.active().organization.change(patch);
      return {};
    },
    async setOrganizationIcon(args: CallArgs<'setOrganizationIcon'>) {
      const { image } = parseArgs('setOrganizationIcon', args);
      await app.active().organization.setIcon(image);
      return {};
    },
    async setDefaultStream(args: CallArgs<'setDefaultStream'>) {
      const { streamId, isDefault } = parseArgs('setDefaultStream', args);
      await app.active().organization.setDefaultStream(streamId, isDefault);
      return {};
    },
    async listPeople(args: CallArgs<'listPeople'>) {
      parseArgs('listPeople', args);
      return app.active().people.page();
    },
    async changeRole(args: CallArgs<'changeRole'>) {
      const { userId, role } = parseArgs('changeRole', args);
      await app.active().people.changeRole(userId, role);
      return {};
    },
    async deactivateUser(args: CallArgs<'deactivateUser'>) {
      const { userId } = parseArgs('deactivateUser', args);
      await app.active().people.deactivate(userId);
      return {};
    },
    async reactivateUser(args: CallArgs<'reactivateUser'>) {
      const { userId } = parseArgs('reactivateUser', args);
      await app.active().people.reactivate(userId);
      return {};
    },
    async listInvitations(args: CallArgs<'listInvitations'>) {
      parseArgs('listInvitations', args);
      return { invitations: await app.active().people.invitations() };
    },
    async createInvitation(args: CallArgs<'createInvitation'>) {
      const invitation = parseArgs('createInvitation', args);
      return { link: await app.active().people.createInvitation(invitation) };
    },
    async revokeInvitation(args: CallArgs<'revokeInvitation'>) {
      const { id } = parseArgs('revokeInvitation', args);
      await app.active().people.revokeInvitation(id);
      return {};
    },
    async listUserGroups(args: CallArgs<'listUserGroups'>) {
      parseArgs('listUserGroups', args);
      return app.active().userGroups.page();
    },
    async createUserGroup(args: CallArgs<'createUserGroup'>) {
      const group = parseArgs('createUserGroup', args);
      await app.active().userGroups.create(group);
      return {};
    },
    async changeUserGroup(args: CallArgs<'changeUserGroup'>) {
      const { groupId, patch } = parseArgs('changeUserGroup', args);
      await app.active().userGroups.change(groupId, patch);
      return {};
    },
    async changeUserGroupMembers(args: CallArgs<'changeUserGroupMembers'>) {
      const { groupId, add, remove } = parseArgs('changeUserGroupMembers', args);
      await app.active().userGroups.changeMembers(groupId, add, remove);
      return {};
    },
    async changeUserGroupSubgroups(args: CallArgs<'changeUserGroupSubgroups'>) {
      const { groupId, add, remove } = parseArgs('changeUserGroupSubgroups', args);
      await app.active().userGroups.changeSubgroups(groupId, add, remove);
      return {};
    },
    async deleteUserGroup(args: CallArgs<'deleteUserGroup'>) {
      const { groupId } = parseArgs('deleteUserGroup', args);
      await app.active().userGroups.delete(groupId);
      return {};
    },
    async addLinkifier(args: CallArgs<'addLinkifier'>) {
      const { pattern, urlTemplate } = parseArgs('addLinkifier', args);
      return { id: await app.active().linkifiers.add(pattern, urlTemplate) };
    },
    async updateLinkifier(args: CallArgs<'updateLinkifier'>) {
      const { id, pattern, urlTemplate } = parseArgs('updateLinkifier', args);
      await app.active().linkifiers.update(id, pattern, urlTemplate);
      return {};
    },
    async removeLinkifier(args: CallArgs<'removeLinkifier'>) {
      const { id } = parseArgs('removeLinkifier', args);
      await app.active().linkifiers.remove(id);
      return {};
    },
    async addPlayground(args: CallArgs<'addPlayground'>) {
      const playground = parseArgs('addPlayground', args);
      return { id: await app.active().linkifiers.addPlayground(playground) };
    },
    async removePlayground(args: CallArgs<'removePlayground'>) {
      const { id } = parseArgs('removePlayground', args);
      await app.active().linkifiers.removePlayground(id);
      return {};
    },
    async listCustomEmoji(args: CallArgs<'listCustomEmoji'>) {
      parseArgs('listCustomEmoji', args);
      return app.active().customEmoji.page();
    },
    async addCustomEmoji(args: CallArgs<'addCustomEmoji'>) {
      const { name, image } = parseArgs('addCustomEmoji', args);
      await app.active().customEmoji.add(name, image);
      return {};
    },
    async removeCustomEmoji(args: CallArgs<'removeCustomEmoji'>) {
      const { name } = parseArgs('removeCustomEmoji', args);
      await app.active().customEmoji.remove(name);
      return {};
    },
    async messageEmojiImage(args: CallArgs<'messageEmojiImage'>) {
      const { accountId, src } = parseArgs('messageEmojiImage', args);
      return { dataUrl: await app.messageEmojiImage(accountId, src) };
    },
  });
}
