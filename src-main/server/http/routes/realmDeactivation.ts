import { z } from 'zod';
import { deactivateRealm } from '../../actions/realmDeactivation';
import { userEndpoint } from '../endpoint';
import { optional } from '../params';

/** Zulip's POST /realm/deactivate, with feature level 332's deletion_delay_days. */
export const deactivateRealmEndpoint = userEndpoint({
  method: 'POST',
  path: '/realm/deactivate',
  params: { deletion_delay_days: optional('json', z.number().int().nullable()) },
  handle: ({ services, user, params }) => {
    deactivateRealm(services, user, params.deletion_delay_days ?? null);
    return {};
  },
});
