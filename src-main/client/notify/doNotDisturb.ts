/** How long do-not-disturb lasts, as the user picks it. */
export type DoNotDisturbChoice = 'hour' | 'tomorrow' | 'untilOff';

/** Do-not-disturb while on: until an epoch-ms time, or (null) until turned off. */
export interface DoNotDisturb {
  until: number | null;
}

const morningHour = 8;
// Before this hour "tomorrow morning" is the morning about to come, not the day after.
const nightEndsHour = 4;

/** When do-not-disturb chosen at `now` ends: null for never. */
export function doNotDisturbUntil(choice: DoNotDisturbChoice, now: Date): number | null {
  switch (choice) {
    case 'hour':
      return now.getTime() + 60 * 60 * 1000;
    case 'tomorrow': {
      const morning = new Date(now);
      morning.setHours(morningHour, 0, 0, 0);
      if (now.getHours() >= nightEndsHour) morning.setDate(morning.getDate() + 1);
      return morning.getTime();
    }
    case 'untilOff':
      return null;
  }
}

/** Whether do-not-disturb silences notifications at `now`. */
export function isQuiet(setting: DoNotDisturb | null, now: number): boolean {
  return setting !== null && (setting.until === null || now < setting.until);
}
