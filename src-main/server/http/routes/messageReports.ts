import { z } from 'zod';
import { reportMessage } from '../../actions/messageReports';
import { REPORT_MESSAGE_REASONS } from '../../actions/reportReasons';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';
import { stringIn } from '../possibleValues';

/** Zulip 10's POST /messages/{message_id}/report (feature level 382). */
export const reportMessageEndpoint = userEndpoint({
  method: 'POST',
  path: '/messages/:message_id/report',
  params: {
    message_id: required('json', z.number().int().nonnegative()),
    report_type: required('text', stringIn(Object.keys(REPORT_MESSAGE_REASONS))),
    description: optional('text', z.string(), ''),
  },
  handle: ({ services, params, user }) => {
    reportMessage(services, user, {
      messageId: params.message_id,
      reportType: params.report_type,
      description: params.description,
    });
    return {};
  },
});
