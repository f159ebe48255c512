import { z } from 'zod';
import { refuseZoomCall } from '../../actions/callProviders';
import { userEndpoint } from '../endpoint';
import { optional } from '../params';

/**
 * Zulip's POST /calls/zoom/create: a Zoom meeting, with video on or off
 * (is_video_call, feature level 206). The host has no Zoom credentials, so
 * after reading its parameter it answers as Zulip's server without them.
 */
export const createZoomCallEndpoint = userEndpoint({
  method: 'POST',
  path: '/calls/zoom/create',
  params: { is_video_call: optional('json', z.boolean(), true) },
  handle: () => refuseZoomCall(),
});
