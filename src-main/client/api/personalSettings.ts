import { z } from 'zod';
import { apiSuccessSchema } from '../../wire';
import type { HttpClient } from './http';

const alertWordsSchema = z.looseObject({ alert_words: z.array(z.string()) });

/** The user's own settings: preferences, API key, alert words and muted users. */
export interface PersonalSettingsApi {
  /** Zulip's PATCH /settings: the server announces the change as a user_settings event. */
  updateSettings(
    settings: Readonly<Record<string, boolean | number | string | undefined>>,
  ): Promise<void>;
  /** POST /users/me/api_key/regenerate: the new key. */
  regenerateOwnApiKey(): Promise<string>;
  /** Zulip's GET /users/me/alert_words. */
  getAlertWords(): Promise<string[]>;
  /** Zulip's POST /users/me/alert_words: resolves with the whole list as the server now keeps it. */
  addAlertWords(words: readonly string[]): Promise<string[]>;
  /** Zulip's DELETE /users/me/alert_words: resolves with the whole list as the server now keeps it. */
  removeAlertWords(words: readonly string[]): Promise<string[]>;
  /** Zulip's POST /users/me/muted_users/{id}; a muted_users event follows. */
  muteUser(userId: number): Promise<void>;
  /** Zulip's DELETE /users/me/muted_users/{id}; a muted_users event follows. */
  unmuteUser(userId: number): Promise<void>;
}

export function personalSettingsApi(http: HttpClient): PersonalSettingsApi {
  return {
    async updateSettings(settings) {
      await http.request('PATCH', 'settings', settings, apiSuccessSchema);
    },
    async regenerateOwnApiKey() {
      const schema = z.looseObject({ api_key: z.string().min(1) });
      return (await http.request('POST', 'users/me/api_key/regenerate', {}, schema)).api_key;
    },
    async getAlertWords() {
      return (await http.request('GET', 'users/me/alert_words', {}, alertWordsSchema)).alert_words;
    },
    async addAlertWords(words) {
      const params = { alert_words: [...words] };
      return (await http.request('POST', 'users/me/alert_words', params, alertWordsSchema))
        .alert_words;
    },
    async removeAlertWords(words) {
      const params = { alert_words: [...words] };
      return (await http.request('DELETE', 'users/me/alert_words', params, alertWordsSchema))
        .alert_words;
    },
    async muteUser(userId) {
      await http.request('POST', `users/me/muted_users/${userId}`, {}, apiSuccessSchema);
    },
    async unmuteUser(userId) {
      await http.request('DELETE', `users/me/muted_users/${userId}`, {}, apiSuccessSchema);
    },
  };
}
