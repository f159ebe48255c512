import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchServer, serveUntilStopped } from './childEntry';
import { DATABASE_FILE } from './generateOrg';
import { openLikeHost, rawSend, streamTarget } from './rawStore';

// The ceiling for POST /messages: node:http reading the same form body and
// running the same single SQL transaction, with no framework, authentication,
// Markdown or events.
const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    stream: { type: 'string' },
    'tls-dir': { type: 'string' },
  },
});
const dataDir = values['data-dir'];
const streamName = values.stream;
if (!dataDir || !streamName)
  throw new Error('usage: bareSendServer --data-dir <dir> --stream <name>');

const db = openLikeHost(join(dataDir, DATABASE_FILE));
const target = streamTarget(db, streamName);
const send = rawSend(db, target);
const senders = new Set(target.subscriberIds);

const server = benchServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const senderId = Number(form.get('sender_id'));
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    if (!senders.has(senderId)) {
      response.statusCode = 400;
      response.end(JSON.stringify({ result: 'error', msg: 'sender_id is not a subscriber' }));
      return;
    }
    const id = send(senderId, form.get('topic') ?? '', form.get('content') ?? '');
    response.end(JSON.stringify({ result: 'success', msg: '', id }));
  });
}, values['tls-dir']);
serveUntilStopped(server, () => db.close());
