import { parseArgs } from 'node:util';
import { benchServer, serveUntilStopped } from './childEntry';

// The ceiling for a small authenticated GET: node:http answering a JSON object
// of the size and shape of GET /users/me, with nothing else done.
const profile = {
  email: 'ada.abara@bench.hearth.local',
  user_id: 2,
  avatar_version: 1,
  is_admin: false,
  is_owner: false,
  is_guest: false,
  role: 400,
  is_bot: false,
  full_name: 'Ada Abara',
  timezone: '',
  is_active: true,
  date_joined: '2024-01-01T00:00:00+00:00',
  avatar_url: '/avatar/2',
  delivery_email: null,
  profile_data: {},
  pointer: -1,
  max_message_id: 1000000,
  client_id: 'hearth-2',
  short_name: 'ada.abara',
};

const { values } = parseArgs({ options: { 'tls-dir': { type: 'string' } } });

const server = benchServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.end(JSON.stringify({ result: 'success', msg: '', ...profile }));
  });
}, values['tls-dir']);
serveUntilStopped(server);
