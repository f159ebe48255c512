/**
 * Zulip's Realm.REPORT_MESSAGE_REASONS: each `report_type` of a message
 * report (feature level 382) and the words a report gives it, which
 * register offers as server_report_message_types (feature level 435).
 */
export const REPORT_MESSAGE_REASONS: Readonly<Record<string, string>> = {
  spam: 'Spam',
  harassment: 'Harassment',
  inappropriate: 'Inappropriate content',
  norms: 'Violates community norms',
  other: 'Other reason',
};
