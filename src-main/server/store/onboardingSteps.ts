import type { Sql } from './sql';

/** The onboarding steps the user has marked as read. */
export function seenOnboardingSteps(sql: Sql, userId: number): Set<string> {
  return new Set(
    sql
      .all<{ onboarding_step: string }>(
        'SELECT onboarding_step FROM onboarding_steps WHERE user_id = ?',
        [userId],
      )
      .map((row) => row.onboarding_step),
  );
}

/** Marks a step as read; marking it again keeps the first time. */
export function markOnboardingStepSeen(
  sql: Sql,
  userId: number,
  step: string,
  timestamp: number,
): void {
  sql.run(
    `INSERT INTO onboarding_steps (user_id, onboarding_step, timestamp) VALUES (?, ?, ?)
     ON CONFLICT (user_id, onboarding_step) DO NOTHING`,
    [userId, step, timestamp],
  );
}
