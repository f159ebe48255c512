import { t } from '../../lib/i18n.svelte';
import { formatNumber } from '../../lib/localeFormat.svelte';

const mebibyte = 1024 * 1024;

/** A database's or a backup's size: whole kilobytes below a megabyte, tenths of a megabyte above. */
export function fileSize(bytes: number): string {
  if (bytes < mebibyte)
    return t('hosting.fileSize', {
      unit: 'kilobytes',
      size: formatNumber(Math.max(1, Math.round(bytes / 1024))),
    });
  return t('hosting.fileSize', {
    unit: 'megabytes',
    size: formatNumber(bytes / mebibyte, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  });
}
