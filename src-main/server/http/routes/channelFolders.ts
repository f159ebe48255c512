import { z } from 'zod';
import {
  createChannelFolder,
  reorderChannelFolders,
  updateChannelFolder,
} from '../../actions/channelFolders';
import { channelFolders } from '../../store/channelFolders';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

// Zulip's /channel_folders views (feature levels 389 and 414).

export const getChannelFoldersEndpoint = userEndpoint({
  method: 'GET',
  path: '/channel_folders',
  params: { include_archived: optional('json', z.boolean(), false) },
  handle: ({ services, params }) => ({
    channel_folders: channelFolders(services.sql, params.include_archived),
  }),
});

export const createChannelFolderEndpoint = userEndpoint({
  method: 'POST',
  path: '/channel_folders/create',
  params: { name: required('text', z.string()), description: required('text', z.string()) },
  handle: ({ services, params, user }) => ({
    channel_folder_id: createChannelFolder(services, user, params),
  }),
});

export const reorderChannelFoldersEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/channel_folders',
  params: { order: required('json', z.array(z.number().int())) },
  handle: ({ services, params, user }) => {
    reorderChannelFolders(services, user, params.order);
    return {};
  },
});

export const updateChannelFolderEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/channel_folders/:channel_folder_id',
  params: {
    channel_folder_id: required('json', z.number().int().nonnegative()),
    name: optional('text', z.string()),
    description: optional('text', z.string()),
    is_archived: optional('json', z.boolean()),
  },
  handle: ({ services, params, user }) => {
    updateChannelFolder(services, user, params.channel_folder_id, {
      name: params.name,
      description: params.description,
      isArchived: params.is_archived,
    });
    return {};
  },
});
