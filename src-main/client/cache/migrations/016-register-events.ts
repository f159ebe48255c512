// The events applied to the saved register state since it was last saved
// whole, in the order they came: the state is rebuilt from both.
export const sql = `
CREATE TABLE register_events (
  seq INTEGER PRIMARY KEY,
  event TEXT NOT NULL
);
`;
