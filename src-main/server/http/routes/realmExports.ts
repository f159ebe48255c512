import { z } from 'zod';
import { deleteRealmExport, realmExportsOf, requestRealmExport } from '../../actions/realmExports';
import { requireAdministrator } from '../../actions/groupPermission';
import { exportTypes, type ExportType } from '../../store/realmExports';
import { answerAfter } from '../answerAfter';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';
import { stringIn } from '../possibleValues';

// Zulip's realm_export views, each behind require_realm_admin: refused
// before any parameter is read.

export const requestRealmExportEndpoint = userEndpoint({
  method: 'POST',
  path: '/export/realm',
  authorize: requireAdministrator,
  params: {
    // Zulip 12's names (feature level 449); the numbers of 10.0 (304) are refused as Zulip 12 refuses them.
    export_type: optional(
      'text',
      stringIn(exportTypes).transform((value) => value as ExportType),
    ),
  },
  handle: ({ services, user, params }) => ({
    id: requestRealmExport(services, user, params.export_type ?? 'public'),
  }),
});

export const getRealmExportsEndpoint = userEndpoint({
  method: 'GET',
  path: '/export/realm',
  authorize: requireAdministrator,
  params: {},
  handle: ({ services }) => ({ exports: realmExportsOf(services) }),
});

export const deleteRealmExportEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/export/realm/:export_id',
  authorize: requireAdministrator,
  params: { export_id: required('json', z.number().int()) },
  handle: ({ services, params }) =>
    answerAfter(deleteRealmExport(services, params.export_id), () => ({})),
});
