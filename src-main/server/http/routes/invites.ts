import { z } from 'zod';
import {
  createMultiuseInvite,
  INVITATION_LINK_VALIDITY_MINUTES,
  invitesFor,
  joinByInvite,
  revokeMultiuseInvite,
} from '../../actions/invitations';
import { answerAfter } from '../answerAfter';
import { publicEndpoint, userEndpoint } from '../endpoint';
import { optional, required } from '../params';

export const createMultiuseInviteEndpoint = userEndpoint({
  method: 'POST',
  path: '/invites/multiuse',
  params: {
    // JSON null is Zulip's "never expires".
    invite_expires_in_minutes: optional(
      'json',
      z.number().int().positive().nullable(),
      INVITATION_LINK_VALIDITY_MINUTES,
      { keepNull: true },
    ),
    invite_as: optional('json', z.number().int(), 400),
    stream_ids: optional('json', z.array(z.number().int()).max(1000), []),
    include_realm_default_subscriptions: optional('json', z.boolean()),
    group_ids: optional('json', z.array(z.number().int()).max(1000), []),
  },
  handle: ({ services, params, user }) => ({
    invite_link: createMultiuseInvite(services, user, {
      expiresInMinutes: params.invite_expires_in_minutes,
      invitedAs: params.invite_as,
      streamIds: params.stream_ids,
      includeRealmDefaultSubscriptions: params.include_realm_default_subscriptions,
      groupIds: params.group_ids,
    }),
  }),
});

export const getInvitesEndpoint = userEndpoint({
  method: 'GET',
  path: '/invites',
  params: {},
  handle: ({ services, user }) => ({ invites: invitesFor(services, user) }),
});

export const revokeMultiuseInviteEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/invites/multiuse/:invite_id',
  params: { invite_id: required('json', z.number().int().nonnegative()) },
  handle: ({ services, params, user }) => {
    revokeMultiuseInvite(services, user, params.invite_id);
    return {};
  },
});

/**
 * Hearth's own: what Zulip's registration page does with an invitation link,
 * as JSON for the Hearth client's Join form. It answers as /fetch_api_key
 * does, and like it is limited per address.
 */
export const joinByInviteEndpoint = publicEndpoint({
  method: 'POST',
  path: '/hearth/join',
  params: {
    key: required('text', z.string().max(100)),
    email: required('text', z.string()),
    full_name: required('text', z.string()),
    password: required('text', z.string().max(1000)),
  },
  handle: ({ services, params }) => {
    const joining = joinByInvite(services, {
      key: params.key,
      email: params.email,
      fullName: params.full_name,
      password: params.password,
    });
    return answerAfter(joining, (user) => ({
      api_key: user.api_key,
      email: user.email,
      user_id: user.id,
    }));
  },
});
