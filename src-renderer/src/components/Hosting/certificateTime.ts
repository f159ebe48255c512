import { formatDateTime } from '../../lib/localeFormat.svelte';

/** When a certificate expires or is renewed: the day, and the minute for those checking on it. */
export const certificateTime = (ms: number): string =>
  formatDateTime(ms, { dateStyle: 'medium', timeStyle: 'short' });
