import { z } from 'zod';
import { deleteReminder, scheduleReminder } from '../../actions/reminders';
import { remindersState } from '../../register/remindersState';
import { clientName } from '../clientName';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

// Zulip's /reminders views (feature levels 381, 399 and 415).
export const getRemindersEndpoint = userEndpoint({
  method: 'GET',
  path: '/reminders',
  params: {},
  handle: ({ services, user }) => ({ reminders: remindersState(services.sql, user.id) }),
});

export const createReminderEndpoint = userEndpoint({
  method: 'POST',
  path: '/reminders',
  params: {
    message_id: required('json', z.number().int()),
    scheduled_delivery_timestamp: required('json', z.number().int()),
    note: optional('text', z.string()),
  },
  handle: ({ services, user, params, userAgent }) => ({
    reminder_id: scheduleReminder(services, user, {
      messageId: params.message_id,
      deliverAt: params.scheduled_delivery_timestamp,
      note: params.note,
      clientName: clientName(userAgent),
    }),
  }),
});

export const deleteReminderEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/reminders/:reminder_id',
  params: { reminder_id: required('json', z.number().int().nonnegative()) },
  handle: ({ services, user, params }) => {
    deleteReminder(services, user, params.reminder_id);
    return {};
  },
});
