import { z } from 'zod';
import {
  inviteByEmail,
  resendEmailInvitation,
  revokeEmailInvitation,
} from '../../actions/emailInvitations';
import {
  createMultiuseInvite,
  INVITATION_LINK_VALIDITY_MINUTES,
  invitesFor,
  joinByInvite,
  revokeMultiuseInvite,
} from '../../actions/invitations';
import { roleTypes } from '../../actions/userAdmin';
import { answerAfter } from '../answerAfter';
import { publicEndpoint, userEndpoint } from '../endpoint';
import { intIn } from '../possibleValues';
import { optional, required } from '../params';

// What both kinds of invitation take, with Zulip's defaults.
const invitationParams = {
  // JSON null is Zulip's "never expires".
  invite_expires_in_minutes: optional(
    'json',
    z.number().int().positive().nullable(),
    INVITATION_LINK_VALIDITY_MINUTES,
    { keepNull: true },
  ),
  invite_as: optional('json', intIn(roleTypes), 400),
  group_ids: optional('json', z.array(z.number().int()).max(1000), []),
  // Zulip 11 (feature level 416).
  welcome_message_custom_text: optional('text', z.string()),
};

export const createMultiuseInviteEndpoint = userEndpoint({
  method: 'POST',
  path: '/invites/multiuse',
  params: {
    ...invitationParams,
    stream_ids: optional('json', z.array(z.number().int()).max(1000), []),
    include_realm_default_subscriptions: optional('json', z.boolean()),
  },
  handle: ({ services, params, user }) => ({
    invite_link: createMultiuseInvite(services, user, {
      expiresInMinutes: params.invite_expires_in_minutes,
      invitedAs: params.invite_as,
      streamIds: params.stream_ids,
      includeRealmDefaultSubscriptions: params.include_realm_default_subscriptions,
      groupIds: params.group_ids,
      welcomeMessageCustomText: params.welcome_message_custom_text ?? null,
    }),
  }),
});

/** Zulip's POST /invites; the host sends no email (see emailInvitations.ts). */
export const inviteByEmailEndpoint = userEndpoint({
  method: 'POST',
  path: '/invites',
  params: {
    ...invitationParams,
    invitee_emails: required('text', z.string()),
    stream_ids: required('json', z.array(z.number().int()).max(1000)),
    include_realm_default_subscriptions: optional('json', z.boolean(), false),
    // Zulip 9 (feature level 267).
    notify_referrer_on_join: optional('json', z.boolean(), true),
  },
  handle: ({ services, params, user }) => {
    inviteByEmail(services, user, {
      inviteeEmails: params.invitee_emails,
      expiresInMinutes: params.invite_expires_in_minutes,
      invitedAs: params.invite_as,
      streamIds: params.stream_ids,
      includeRealmDefaultSubscriptions: params.include_realm_default_subscriptions,
      groupIds: params.group_ids,
      welcomeMessageCustomText: params.welcome_message_custom_text ?? null,
      notifyReferrerOnJoin: params.notify_referrer_on_join,
    });
    return {};
  },
});

export const revokeEmailInvitationEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/invites/:invite_id',
  params: { invite_id: required('json', z.number().int().nonnegative()) },
  handle: ({ services, params, user }) => {
    revokeEmailInvitation(services, user, params.invite_id);
    return {};
  },
});

export const resendEmailInvitationEndpoint = userEndpoint({
  method: 'POST',
  path: '/invites/:invite_id/resend',
  params: { invite_id: required('json', z.number().int().nonnegative()) },
  handle: ({ services, params, user }) => {
    resendEmailInvitation(services, user, params.invite_id);
    return {};
  },
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
