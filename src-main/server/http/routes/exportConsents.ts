import { exportConsentsFor } from '../../actions/exportConsents';
import { userEndpoint } from '../endpoint';

export const getExportConsentsEndpoint = userEndpoint({
  method: 'GET',
  path: '/export/realm/consents',
  params: {},
  handle: ({ services, user }) => ({ export_consents: exportConsentsFor(services.sql, user) }),
});
