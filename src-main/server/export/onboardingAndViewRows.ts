import type { ExportSource } from './exportSource';
import type { ZerverRow } from './zerverRow';

/**
 * zerver_onboardingstep: the one-time notices each person has dismissed, so
 * that Zulip does not show them again; the importer reads `timestamp` as a date.
 */
export function onboardingStepRows(source: ExportSource): ZerverRow[] {
  return source
    .all<{ user_id: number; onboarding_step: string; timestamp: number }>(
      'SELECT * FROM onboarding_steps ORDER BY user_id, onboarding_step',
    )
    .map((row, index) => ({
      id: index + 1,
      user: row.user_id,
      onboarding_step: row.onboarding_step,
      timestamp: row.timestamp,
    }));
}

/** zerver_navigationview: each person's pinned and hidden views of the sidebar (feature level 390). */
export function navigationViewRows(source: ExportSource): ZerverRow[] {
  return source
    .all<{ id: number; user_id: number; fragment: string; is_pinned: number; name: string | null }>(
      'SELECT * FROM navigation_views ORDER BY id',
    )
    .map((row) => ({
      id: row.id,
      user: row.user_id,
      fragment: row.fragment,
      is_pinned: row.is_pinned === 1,
      name: row.name,
    }));
}
