import { z } from 'zod';
import { addAlertWords, removeAlertWords } from '../../actions/alertWords';
import { alertWordsOf } from '../../store/alertWords';
import { userEndpoint } from '../endpoint';
import { required } from '../params';

const words = required('json', z.array(z.string()));

export const getAlertWordsEndpoint = userEndpoint({
  method: 'GET',
  path: '/users/me/alert_words',
  params: {},
  handle: ({ services, user }) => ({ alert_words: alertWordsOf(services.sql, user.id) }),
});

export const addAlertWordsEndpoint = userEndpoint({
  method: 'POST',
  path: '/users/me/alert_words',
  params: { alert_words: words },
  handle: ({ services, user, params }) => ({
    alert_words: addAlertWords(services, user, params.alert_words),
  }),
});

export const removeAlertWordsEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/users/me/alert_words',
  params: { alert_words: words },
  handle: ({ services, user, params }) => ({
    alert_words: removeAlertWords(services, user, params.alert_words),
  }),
});
