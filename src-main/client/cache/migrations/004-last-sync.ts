// When the event queue last answered, so that a window opened offline can
// say how old what it shows is.
export const sql = `
CREATE TABLE sync_times (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  last_sync_at INTEGER NOT NULL
);
`;
