// What an owner reads before the host registers with a push service: the
// terms of Zulip's own service (docs/push-notifications.md quotes them) and
// what registering sends. The Hosting page says the same in its language.

/** Zulip's Mobile Push Notification Service is governed by the Zulip Cloud Terms of Service. */
export const ZULIP_SERVICE_TERMS_URL = 'https://zulip.com/policies/terms';

/** What the service learns of the host by registering, as Zulip's register_server lists it. */
export const SENT_ON_REGISTRATION = [
  "this host's name and an ID and key made for the service",
  'the contact email',
  "the organization's name, URL, creation date and ID",
] as const;
