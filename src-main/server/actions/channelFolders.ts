import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { renderMessageContent } from '../markdown/render';
import { storeLookups } from '../queries/markdownLookups';
import type { Services } from '../services';
import {
  channelFolderById,
  channelFolderInUse,
  channelFolderNamed,
  channelFolders,
  insertChannelFolder,
  setChannelFolderOrder,
  updateChannelFolderRow,
  type ChannelFolderRow,
} from '../store/channelFolders';
import type { Sql } from '../store/sql';
import { activeUserIds, type UserRow } from '../store/users';
import { requireAdministrator } from './groupPermission';

// Zulip's ChannelFolder.MAX_NAME_LENGTH and MAX_DESCRIPTION_LENGTH, which
// register gives as max_channel_folder_name_length and _description_length.
export const MAX_CHANNEL_FOLDER_NAME_LENGTH = 60;
export const MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH = 1024;

// Zulip's check_string_is_printable: control, surrogate and unassigned code points.
const unprintable = /[\p{Cc}\p{Cs}\p{Cn}]/u;

/** Zulip's check_channel_folder_name, after its request's length limit. */
function checkFolderName(sql: Sql, name: string): string {
  if ([...name].length > MAX_CHANNEL_FOLDER_NAME_LENGTH) {
    throw errors.badRequest(
      `name is too long (limit: ${MAX_CHANNEL_FOLDER_NAME_LENGTH} characters)`,
    );
  }
  const trimmed = name.trim();
  if (trimmed === '') throw errors.badRequest("Channel folder name can't be empty.");
  const position = [...trimmed].findIndex((character) => unprintable.test(character));
  if (position >= 0) {
    throw errors.badRequest(
      `Invalid character in channel folder name, at position ${position + 1}.`,
    );
  }
  if (channelFolderNamed(sql, trimmed)) {
    throw errors.badRequest('Channel folder name already in use');
  }
  return trimmed;
}

function checkFolderDescription(description: string): string {
  if ([...description].length > MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH) {
    throw errors.badRequest(
      `description is too long (limit: ${MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH} characters)`,
    );
  }
  return description;
}

// Zulip renders a folder's description as it renders a message.
const rendered = (sql: Sql, description: string) =>
  description === '' ? '' : renderMessageContent(description, storeLookups(sql)).html;

// Every folder event goes to everyone in the organization, as Zulip's.
const announce = (services: Services, event: Record<string, unknown>) =>
  services.queues.notify(plainNotice('channel_folder', event), activeUserIds(services.sql));

/** The folder a request names, or Zulip's refusal. */
export function accessChannelFolder(sql: Sql, id: number): ChannelFolderRow {
  const folder = channelFolderById(sql, id);
  if (!folder) throw errors.badRequest('Invalid channel folder ID');
  return folder;
}

/** Zulip's check_add_channel_folder, for administrators. */
export function createChannelFolder(
  services: Services,
  user: UserRow,
  request: { name: string; description: string },
): number {
  requireAdministrator(user);
  const { sql } = services;
  const description = checkFolderDescription(request.description);
  const folder = sql.transaction(() => {
    const id = insertChannelFolder(sql, {
      name: checkFolderName(sql, request.name),
      description,
      rendered_description: rendered(sql, description),
      creator_id: user.id,
      date_created: Math.floor(Date.now() / 1000),
    });
    return accessChannelFolder(sql, id);
  });
  announce(services, { op: 'add', channel_folder: folder });
  return folder.id;
}

/**
 * Zulip's update_channel_folder: a new name, description or archived state,
 * each change its own `update` event; a folder holding channels (archived
 * ones too) is not archived.
 */
export function updateChannelFolder(
  services: Services,
  user: UserRow,
  id: number,
  request: {
    name?: string | undefined;
    description?: string | undefined;
    isArchived?: boolean | undefined;
  },
): void {
  requireAdministrator(user);
  const { sql } = services;
  const events = sql.transaction(() => {
    const folder = accessChannelFolder(sql, id);
    const changes: Record<string, unknown>[] = [];
    if (request.name !== undefined && request.name !== folder.name) {
      const name = checkFolderName(sql, request.name);
      updateChannelFolderRow(sql, id, { name });
      changes.push({ name });
    }
    if (request.description !== undefined && request.description !== folder.description) {
      const description = checkFolderDescription(request.description);
      const renderedDescription = rendered(sql, description);
      updateChannelFolderRow(sql, id, { description, rendered_description: renderedDescription });
      changes.push({ description, rendered_description: renderedDescription });
    }
    if (request.isArchived !== undefined && request.isArchived !== folder.is_archived) {
      if (request.isArchived && channelFolderInUse(sql, id)) {
        throw errors.badRequest(
          'You need to remove all the channels from this folder to archive it.',
        );
      }
      updateChannelFolderRow(sql, id, { is_archived: request.isArchived });
      changes.push({ is_archived: request.isArchived });
    }
    return changes;
  });
  for (const data of events) announce(services, { op: 'update', channel_folder_id: id, data });
}

/**
 * Zulip's try_reorder_realm_channel_folders (feature level 414): `order`
 * lists the folders, archived ones too, first to last; each folder must be
 * in it.
 */
export function reorderChannelFolders(
  services: Services,
  user: UserRow,
  order: readonly number[],
): void {
  requireAdministrator(user);
  const { sql } = services;
  sql.transaction(() => {
    const folders = channelFolders(sql, true);
    if (folders.some((folder) => !order.includes(folder.id))) {
      throw errors.badRequest('Invalid order mapping.');
    }
    for (const folder of folders) setChannelFolderOrder(sql, folder.id, order.indexOf(folder.id));
  });
  announce(services, { op: 'reorder', order });
}
