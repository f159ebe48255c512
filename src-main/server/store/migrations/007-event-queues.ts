// Event queues outlive the process: Zulip dumps its queues to a file on a clean
// shutdown; Hearth writes each change as it happens, so that a crash loses no
// event of an action whose response went out.
//
// A notice is one row however many queues it reaches: what it shows everyone
// (`record`, JSON) and its `deliveries`, a JSON list of
// [queue_id, first_event_id, [part, ...]] giving each queue's event IDs and what
// differs for that queue (the reader's flags, or the one message ID of a split
// deletion). A heartbeat is a notice too, since its ID was handed out.
//
// A queue's events are those of its deliveries above `newest_pruned_id`, and
// its next event ID follows the highest it was given. A notice goes once no
// queue still waits for it. Queue IDs are `<generation>:<counter>`, and the
// generation grows with every start, so that no ID is handed out twice.
export const sql = `
CREATE TABLE event_queue_generation (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  generation INTEGER NOT NULL
);

CREATE TABLE event_queues (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  settings TEXT NOT NULL,
  newest_pruned_id INTEGER NOT NULL DEFAULT -1,
  last_activity INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE event_notices (
  id INTEGER PRIMARY KEY,
  record TEXT NOT NULL,
  deliveries TEXT NOT NULL
);
`;
