import { z } from 'zod';
import { emit, type Context } from './context';
import { badRequest, mustBeAdmin } from './errors';
import type { Org } from './org';
import { bool, intList, parseParams, type RawParams } from './params';
import { renderContent } from './render';

const maxNameLength = 60;
const maxDescriptionLength = 1024;

const createSchema = z.object({ name: z.string(), description: z.string().default('') });
const reorderSchema = z.object({ order: intList });
const updateSchema = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
  is_archived: bool.optional(),
});

/** The organization's channel folders by their `order` (feature level 414). */
export const foldersInOrder = (org: Org) =>
  [...org.channelFolders].sort((a, b) => Number(a.order) - Number(b.order));

function checkName(org: Org, name: string, exceptId?: number): string {
  const trimmed = name.trim();
  if (trimmed === '') throw badRequest("Channel folder name can't be empty.");
  if ([...trimmed].length > maxNameLength) {
    throw badRequest(`Channel folder name too long (limit: ${maxNameLength} characters).`);
  }
  const clash = org.channelFolders.some(
    (folder) =>
      folder.id !== exceptId && String(folder.name).toLowerCase() === trimmed.toLowerCase(),
  );
  if (clash) throw badRequest(`Channel folder name '${trimmed}' is already in use.`);
  return trimmed;
}

function checkDescription(description: string): string {
  if ([...description].length > maxDescriptionLength) {
    throw badRequest(
      `Channel folder description too long (limit: ${maxDescriptionLength} characters).`,
    );
  }
  return description;
}

const everyone = (context: Context) => context.org.allUserIds();

/** GET /channel_folders: archived ones only when asked for. */
export function getChannelFolders(context: Context, raw: RawParams) {
  const { include_archived } = parseParams(
    z.object({ include_archived: bool.default(false) }),
    raw,
  );
  return {
    channel_folders: foldersInOrder(context.org)
      .filter((folder) => include_archived || folder.is_archived !== true)
      .map((folder) => structuredClone(folder)),
  };
}

/** POST /channel_folders/create, for administrators: a `channel_folder` `add` event to everyone. */
export function createChannelFolder(context: Context, userId: number, raw: RawParams) {
  const { org } = context;
  if (!org.isAdmin(userId)) throw mustBeAdmin();
  const params = parseParams(createSchema, raw);
  const description = checkDescription(params.description);
  const folder = {
    id: org.nextFolderId,
    name: checkName(org, params.name),
    description,
    rendered_description: description === '' ? '' : renderContent(description),
    date_created: context.now(),
    creator_id: userId,
    order: org.channelFolders.length,
    is_archived: false,
  };
  org.nextFolderId += 1;
  org.channelFolders.push(folder);
  emit(context, everyone(context), () => ({
    type: 'channel_folder',
    op: 'add',
    channel_folder: structuredClone(folder),
  }));
  return { channel_folder_id: folder.id };
}

/**
 * PATCH /channel_folders (feature level 414), for administrators: the order
 * of every folder, archived ones included; a `channel_folder` `reorder`
 * event (418) to everyone.
 */
export function reorderChannelFolders(context: Context, userId: number, raw: RawParams) {
  const { org } = context;
  if (!org.isAdmin(userId)) throw mustBeAdmin();
  const { order } = parseParams(reorderSchema, raw);
  const ids = org.channelFolders.map((folder) => Number(folder.id));
  const complete =
    order.length === ids.length &&
    new Set(order).size === order.length &&
    order.every((id) => ids.includes(id));
  if (!complete) throw badRequest('Invalid order mapping');
  for (const folder of org.channelFolders) folder.order = order.indexOf(Number(folder.id));
  emit(context, everyone(context), () => ({ type: 'channel_folder', op: 'reorder', order }));
}

/**
 * PATCH /channel_folders/{id}, for administrators: name, description,
 * archiving; each change a `channel_folder` `update` event to everyone.
 */
export function updateChannelFolder(
  context: Context,
  userId: number,
  folderId: number,
  raw: RawParams,
) {
  const { org } = context;
  if (!org.isAdmin(userId)) throw mustBeAdmin();
  const folder = org.channelFolders.find((each) => each.id === folderId);
  if (!folder) throw badRequest('Invalid channel folder ID');
  const params = parseParams(updateSchema, raw);
  const name = params.name === undefined ? undefined : checkName(org, params.name, folderId);
  const description =
    params.description === undefined ? undefined : checkDescription(params.description);
  const announce = (data: Record<string, unknown>) =>
    emit(context, everyone(context), () => ({
      type: 'channel_folder',
      op: 'update',
      channel_folder_id: folderId,
      data,
    }));
  if (name !== undefined && name !== folder.name) {
    folder.name = name;
    announce({ name });
  }
  if (description !== undefined && description !== folder.description) {
    folder.description = description;
    folder.rendered_description = description === '' ? '' : renderContent(description);
    announce({ description, rendered_description: folder.rendered_description });
  }
  if (params.is_archived !== undefined && params.is_archived !== folder.is_archived) {
    folder.is_archived = params.is_archived;
    announce({ is_archived: params.is_archived });
  }
}
