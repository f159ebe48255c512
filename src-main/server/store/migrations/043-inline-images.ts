// Zulip 12's media syntax (feature level 437) puts an uploaded image in the
// text, as <img class="inline-image">, and Zulip counts such a message as
// having an image for `has:image`, as it counts a preview. The virtual column
// is written anew, since SQLite keeps a generated column's expression fixed.
export const sql = `
ALTER TABLE messages DROP COLUMN has_image;
ALTER TABLE messages ADD COLUMN has_image INTEGER
  GENERATED ALWAYS AS (
    rendered_content LIKE '%class="message_inline_image%'
    OR rendered_content LIKE '%class="inline-image%'
  ) VIRTUAL;
`;
