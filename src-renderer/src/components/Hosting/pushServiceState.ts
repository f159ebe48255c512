import type { PushServiceReport } from '../../../../src-preload/bridge';
import { t } from '../../lib/i18n.svelte';
import { formatDateTime } from '../../lib/localeFormat.svelte';

/** Whether phones are notified, in the window's language: through which service since when, or why not. */
export interface PushServiceState {
  summary: string;
  /** Each reason phones are not notified; none while they are. */
  reasons: string[];
}

/**
 * What the host last heard from its push notification service, as the
 * owner reads it. A refusal is quoted in the service's own words: they name
 * what to change, and no translation of them would.
 */
export function pushServiceState(report: PushServiceReport | null): PushServiceState {
  if (!report) return { summary: t('hosting.push.notRegistered'), reasons: [] };
  const { url, registeredAtMs, unreachableSinceMs, refusal } = report;
  const reasons = [
    ...(unreachableSinceMs === null
      ? []
      : [t('hosting.push.unreachable', { url, since: formatDateTime(unreachableSinceMs) })]),
    ...(refusal === null ? [] : [t('hosting.push.refused', { url, refusal })]),
    // Until the service accepts the host it has said nothing of pushing for the organization.
    ...(registeredAtMs !== null && !report.canPush ? [t('hosting.push.cannotPush', { url })] : []),
  ];
  if (registeredAtMs === null && reasons.length === 0) {
    reasons.push(t('hosting.push.notAccepted', { url }));
  }
  if (registeredAtMs !== null && reasons.length === 0) {
    const since = formatDateTime(registeredAtMs);
    return { summary: t('hosting.push.notified', { url, since }), reasons };
  }
  return { summary: t('hosting.push.notNotified'), reasons };
}
