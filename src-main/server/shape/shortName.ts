/**
 * The spec still names `short_name` and `sender_short_name`, which Zulip
 * servers filled with the local part of the email before dropping them.
 */
export const shortName = (email: string): string => {
  const at = email.lastIndexOf('@');
  return at < 0 ? email : email.slice(0, at);
};
