import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { markOnboardingStepSeen, seenOnboardingSteps } from '../store/onboardingSteps';
import type { Sql } from '../store/sql';
import type { UserRow } from '../store/users';
import { refuseBots } from './humanUsersOnly';

export interface OnboardingStep {
  type: 'one_time_notice' | 'one_time_action';
  name: string;
}

// Zulip's zerver/lib/onboarding_steps.py: since Zulip 9 (feature level 259)
// one-time notices, and one action, are the only onboarding steps; the
// hotspots of 7.0 are gone.
const oneTimeNotices = [
  'visibility_policy_banner',
  'intro_inbox_view_modal',
  'intro_recent_view_modal',
  'first_stream_created_banner',
  'jump_to_conversation_banner',
  'non_interleaved_view_messages_fading',
  'interleaved_view_messages_fading',
  'intro_resolve_topic',
  'navigation_tour_video',
];
const oneTimeActions = ['narrow_to_dm_with_welcome_bot_new_user'];

const allSteps: readonly OnboardingStep[] = [
  ...oneTimeNotices.map((name) => ({ type: 'one_time_notice' as const, name })),
  ...oneTimeActions.map((name) => ({ type: 'one_time_action' as const, name })),
];

// As on a Zulip server without NAVIGATION_TOUR_VIDEO_URL: the host has no tour video.
const alwaysSeen = ['navigation_tour_video'];

/** Register's `onboarding_steps`: the steps the user has yet to see, in Zulip's order. */
export function onboardingStepsOf(sql: Sql, user: UserRow): OnboardingStep[] {
  const seen = seenOnboardingSteps(sql, user.id);
  return allSteps.filter((step) => !seen.has(step.name) && !alwaysSeen.includes(step.name));
}

/**
 * Zulip 9's POST /users/me/onboarding_steps (feature level 233): the step is
 * read, and the user's clients hear the steps that remain.
 */
export function markOnboardingStepAsRead(services: Services, user: UserRow, step: string): void {
  refuseBots(user);
  if (!allSteps.some((known) => known.name === step)) {
    throw errors.badRequest(`Unknown onboarding_step: ${step}`);
  }
  const { sql } = services;
  sql.transaction(() => markOnboardingStepSeen(sql, user.id, step, Math.floor(Date.now() / 1000)));
  services.queues.notify(
    plainNotice('onboarding_steps', { onboarding_steps: onboardingStepsOf(sql, user) }),
    [user.id],
  );
}
