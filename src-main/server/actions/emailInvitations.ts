import { ApiError, errors } from '../errors';
import type { Services } from '../services';
import { insertInvite, inviteById, revokeInvite, type InviteRow } from '../store/invites';
import { userByEmail, type UserRow } from '../store/users';
import {
  accessGroupsForInvite,
  accessStreamsForInvite,
  checkInviteRole,
  checkMayInvite,
  checkWelcomeText,
  refuseGuests,
} from './inviteAccess';
import { announceInvites, newInvite, type NewInvitation } from './invitations';

// The host sends no email: an email invitation is stored, listed, revoked
// and "resent" as Zulip's are, and its link (GET /invites' Hearth-own
// `hearth_link_url`) reaches the invitee by hand; they join by it with the
// address it names.

export interface NewEmailInvitation extends NewInvitation {
  /** Zulip's invitee_emails as sent: addresses split by commas or lines. */
  inviteeEmails: string;
  includeRealmDefaultSubscriptions: boolean;
  /** Zulip 9 (feature level 267): Notification Bot tells the inviter who joined. */
  notifyReferrerOnJoin: boolean;
}

/** Zulip's get_invitee_emails_set: "Name <address>" gives the address; blanks go. */
function inviteeEmailsOf(raw: string): string[] {
  const emails = raw.split(/[,\n]/).map((entry) => {
    const named = /<(.*)>/.exec(entry);
    return (named?.[1] ?? entry).trim();
  });
  return [...new Set(emails)].filter((email) => email !== '');
}

// Django's EmailValidator, which Zulip's validate_email_is_valid runs: a
// dot-atom before the @, a domain of labels with a top-level one after it.
const localPart = /^[-!#$%&'*+/=?^_`{}|~0-9a-z]+(\.[-!#$%&'*+/=?^_`{}|~0-9a-z]+)*$/i;
const domainPart = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/i;
function isValidAddress(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1 || email.length > 320) return false;
  const domain = email.slice(at + 1);
  return (
    localPart.test(email.slice(0, at)) &&
    (domain === 'localhost' || (domainPart.test(domain) && !domain.endsWith('-')))
  );
}

/** One address refused: Zulip's [email, why, deactivated]. */
type Refusal = [string, string, boolean];

/** Zulip's InvitationError: which addresses were refused, and whether the rest were invited. */
const invitationFailed = (msg: string, refusals: readonly Refusal[], sent: boolean) =>
  new ApiError(msg, 'INVITATION_FAILED', 400, {
    errors: refusals,
    sent_invitations: sent,
    // Hearth has no licences, and, as a Zulip server that lets nobody
    // create organizations, no daily limit of invitations.
    license_limit_reached: false,
    daily_limit_reached: false,
  });

/**
 * Zulip's invite_users_backend and do_invite_users: those the organization's
 * can_invite_users_group names invite people by email, with a role, the
 * channels and groups they join and an expiry. Addresses that are not
 * addresses refuse the whole request; those already in the organization
 * are passed over and said so.
 */
export function inviteByEmail(
  services: Services,
  user: UserRow,
  invitation: NewEmailInvitation,
): void {
  const { sql } = services;
  checkMayInvite(sql, user, 'can_invite_users_group', invitation.invitedAs);
  if (invitation.inviteeEmails === '') {
    throw errors.badRequest('You must specify at least one email address.');
  }
  const emails = inviteeEmailsOf(invitation.inviteeEmails);
  const streams = accessStreamsForInvite(sql, user, invitation.streamIds);
  const groupIds = accessGroupsForInvite(sql, user, invitation.groupIds);
  checkWelcomeText(user, invitation.welcomeMessageCustomText);

  const invalid: Refusal[] = emails
    .filter((email) => !isValidAddress(email))
    .map((email) => [email, 'Invalid address.', false]);
  const skipped: Refusal[] = emails.flatMap((email): Refusal[] => {
    const existing = isValidAddress(email) ? userByEmail(sql, email) : undefined;
    if (!existing) return [];
    return existing.is_active === 1
      ? [[email, 'Already has an account.', false]]
      : [[email, 'Account has been deactivated.', true]];
  });
  if (invalid.length > 0) {
    throw invitationFailed(
      "Some emails did not validate, so we didn't send any invitations.",
      [...invalid, ...skipped],
      false,
    );
  }
  if (skipped.length > 0 && skipped.length === emails.length) {
    throw invitationFailed("We weren't able to invite anyone.", skipped, false);
  }

  const passedOver = new Set(skipped.map(([email]) => email));
  sql.transaction(() => {
    for (const email of emails.filter((address) => !passedOver.has(address))) {
      insertInvite(
        sql,
        newInvite(user, invitation, {
          streamIds: streams.map((stream) => stream.id),
          groupIds,
          includeRealmDefaultSubscriptions: invitation.includeRealmDefaultSubscriptions,
          email,
          notifyReferrerOnJoin: invitation.notifyReferrerOnJoin,
        }),
      );
    }
  });
  announceInvites(services, user.id);
  if (skipped.length > 0) {
    throw invitationFailed(
      "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
      skipped,
      true,
    );
  }
}

/**
 * Zulip's access_invite_by_id: an email invitation its maker manages, and
 * administrators (owners, for one inviting an owner) too. One revoked or
 * used up is gone, as Zulip deletes it.
 */
function accessEmailInvite(services: Services, user: UserRow, inviteId: number): InviteRow {
  refuseGuests(user);
  const invite = inviteById(services.sql, inviteId);
  if (!invite || invite.email === null || invite.revoked === 1 || invite.used_by !== null) {
    throw errors.badRequest('No such invitation');
  }
  if (invite.invited_by !== user.id) checkInviteRole(user, invite.invited_as, true);
  return invite;
}

/** Zulip's DELETE /invites/{invite_id}: the invitation's link stops working at once. */
export function revokeEmailInvitation(services: Services, user: UserRow, inviteId: number): void {
  const invite = accessEmailInvite(services, user, inviteId);
  services.sql.transaction(() => revokeInvite(services.sql, invite.id));
  announceInvites(services, invite.invited_by);
}

/**
 * Zulip's POST /invites/{invite_id}/resend, which mails the invitation
 * again and changes nothing of it. The host has no mail to send: it makes
 * the same checks, and the inviter passes the link on again.
 */
export function resendEmailInvitation(services: Services, user: UserRow, inviteId: number): void {
  accessEmailInvite(services, user, inviteId);
}
