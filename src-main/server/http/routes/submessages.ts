import { z } from 'zod';
import { addSubmessage } from '../../actions/submessages';
import { userEndpoint } from '../endpoint';
import { required } from '../params';

// Zulip 7.0's process_submessage: a vote, option, task or strike on a widget.
export const addSubmessageEndpoint = userEndpoint({
  method: 'POST',
  path: '/submessage',
  params: {
    message_id: required('json', z.number().int()),
    msg_type: required('text', z.string()),
    content: required('text', z.string()),
  },
  handle: ({ services, user, params }) => {
    addSubmessage(services, user, {
      messageId: params.message_id,
      msgType: params.msg_type,
      content: params.content,
    });
    return {};
  },
});
