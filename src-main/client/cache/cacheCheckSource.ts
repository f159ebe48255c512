/**
 * The check's whole script, plain CommonJS, for a process of its own: Node
 * runs it with `-e`, Electron's utility process from the entry built around
 * it (desktop/cacheCheckEntry.ts). It is asked once, `{ module, file }`, and
 * answers once: what quick_check found (null when the file holds), or why it
 * could not look.
 */
export const cacheCheckSource = `
const port = process.parentPort;
const send = (answer) => (port ? port.postMessage(answer) : process.send(answer));
const check = ({ module, file }) => {
  try {
    const Database = require(module);
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      // One pass reads each page once, so a page cache buys nothing.
      db.pragma('cache_size = -500');
      const found = db.pragma('quick_check').map((row) => row.quick_check);
      return { problem: found.join() === 'ok' ? null : found.join('; ') };
    } finally {
      db.close();
    }
  } catch (error) {
    const damaged = /^SQLITE_(CORRUPT|NOTADB)/.test(String(error.code));
    return damaged ? { problem: error.message } : { failure: error.message };
  }
};
if (port) port.once('message', (event) => send(check(event.data)));
else process.once('message', (request) => send(check(request)));
`;
