import { z } from 'zod';
import {
  bigBlueButtonJoinUrl,
  refuseConstructorGroupsCall,
  refuseNextcloudTalkCall,
  refuseOAuthCall,
} from '../../actions/callProviders';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

// Zulip's /calls/*/create endpoints. The host has none of the providers'
// credentials, so each reads its parameters and then answers as Zulip's
// server without them.

export const createZoomCallEndpoint = userEndpoint({
  method: 'POST',
  path: '/calls/zoom/create',
  params: { is_video_call: optional('json', z.boolean(), true) },
  handle: () => refuseOAuthCall('Zoom'),
});

export const createWebexCallEndpoint = userEndpoint({
  method: 'POST',
  path: '/calls/webex/create',
  params: {},
  handle: () => refuseOAuthCall('Webex'),
});

export const createConstructorGroupsCallEndpoint = userEndpoint({
  method: 'POST',
  path: '/calls/constructorgroups/create',
  params: {},
  handle: () => refuseConstructorGroupsCall(),
});

export const createNextcloudTalkCallEndpoint = userEndpoint({
  method: 'POST',
  path: '/calls/nextcloud_talk/create',
  params: { room_name: required('text', z.string()) },
  handle: () => refuseNextcloudTalkCall(),
});

// Zulip makes the link without asking the BigBlueButton server; joining is
// where an unconfigured server says so (http/callPages.ts).
export const createBigBlueButtonCallEndpoint = userEndpoint({
  method: 'GET',
  path: '/calls/bigbluebutton/create',
  params: {
    meeting_name: required('text', z.string()),
    voice_only: optional('json', z.boolean(), false),
  },
  handle: ({ params, user }) => ({
    url: bigBlueButtonJoinUrl(params.meeting_name, params.voice_only, user.id),
  }),
});
