import './englishWindow';
import { afterEach, describe, expect, it } from 'vitest';
import type { ComposeRules } from '../../src-preload/bridge';
import { MessageFormatter } from '../../src-main/i18n/format';
import { fallbackLanguage, matchLanguage } from '../../src-main/i18n/languages';
import { loadWindowCatalog } from '../../src-main/i18n/windowCatalog';
import { windowText } from '../../src-renderer/src/lib/i18n.svelte';
import { checkLength } from '../../src-renderer/src/lib/composeLimits';
import { schedulePresets } from '../../src-renderer/src/lib/scheduleTimes';
import { clockTime, dayLabel, dayOf, localeClockHours } from '../../src-renderer/src/lib/time';

// Times, days and counts follow the language the window speaks and the
// reader's timezone setting, not this computer's locale and clock.

async function speak(code: string, timeZone: string | null = null): Promise<void> {
  windowText.formatter = new MessageFormatter(code, await loadWindowCatalog(code));
  windowText.language = matchLanguage(code) ?? fallbackLanguage;
  windowText.timeZone = timeZone;
}

describe("the window's times and counts", () => {
  afterEach(async () => {
    await speak('en');
  });

  it("write a message's time and day on the clock of the reader's timezone, in its language", async () => {
    await speak('de', 'Asia/Tokyo');
    // 23:30 on the 25th in UTC is 08:30 on the 26th in Tokyo, as is "now".
    const sent = Date.UTC(2026, 2, 25, 23, 30);
    const now = Date.UTC(2026, 2, 26, 1, 0);
    expect(clockTime(sent, 24)).toBe('08:30');
    expect(dayOf(sent)).toBe(dayOf(now));
    expect(dayLabel(sent, now)).toBe('Heute');
    expect(dayLabel(Date.UTC(2026, 2, 24, 23, 30), now)).toBe('Gestern');
    expect(dayLabel(Date.UTC(2026, 0, 5, 12), now)).toBe('Mo., 5. Jan.');
  });

  it('offer the scheduling choices in the language, on the clock it asks for', async () => {
    await speak('de');
    const presets = schedulePresets(Date.UTC(2026, 2, 25, 9, 0), 'Europe/Berlin', 24);
    expect(presets.map((preset) => preset.label)).toEqual([
      'Heute um 17:00',
      'Morgen um 09:00',
      'Montag um 09:00',
    ]);
  });

  it('group the digits of a count as the language does', async () => {
    await speak('de');
    const rules = { maxMessageBytes: 10_000, maxTopicLength: 60 } as ComposeRules;
    expect(checkLength('a'.repeat(12_345), null, rules).notice).toBe(
      'Die Nachricht ist zu lang: 12.345 Bytes, höchstens 10.000.',
    );
  });

  it("take the clock of the window's language where the account leaves it to the locale", async () => {
    await speak('de');
    expect(localeClockHours()).toBe(24);
  });
});
