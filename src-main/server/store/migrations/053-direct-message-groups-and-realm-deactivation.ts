// Zulip 12 (feature level 482) keeps one-to-one conversations and notes to
// self as direct message groups, whose recipient both people see as the
// conversation's `recipient_id`. The messages keep their personal recipients
// (narrows and unreads read those); each conversation already begun gets its
// group, in the order of its first message, with both people subscribed.
// The benchmark's organization, written in bulk, gets them the same way.
export const oneToOneConversationGroups = `
INSERT INTO huddles (user_ids_key)
  SELECT pair_key FROM (
    SELECT CASE
        WHEN m.sender_id < r.type_id THEN m.sender_id || ',' || r.type_id
        WHEN m.sender_id > r.type_id THEN r.type_id || ',' || m.sender_id
        ELSE CAST(m.sender_id AS TEXT)
      END AS pair_key,
      MIN(m.id) AS first_id
    FROM messages m JOIN recipients r ON r.id = m.recipient_id AND r.type = 1
    GROUP BY pair_key
  )
  WHERE pair_key NOT IN (SELECT user_ids_key FROM huddles)
  ORDER BY first_id;
INSERT INTO recipients (type, type_id)
  SELECT 3, h.id FROM huddles h
  WHERE NOT EXISTS (SELECT 1 FROM recipients r WHERE r.type = 3 AND r.type_id = h.id)
  ORDER BY h.id;
INSERT OR IGNORE INTO subscriptions (user_id, recipient_id, color)
  SELECT CAST(member.value AS INTEGER), r.id, ''
  FROM huddles h JOIN recipients r ON r.type = 3 AND r.type_id = h.id,
    json_each('[' || h.user_ids_key || ']') member
  ORDER BY r.id, member.value;
`;

// Zulip's Realm.deactivated and scheduled_deletion_date (feature level 332):
// POST /realm/deactivate closes the organization, its data kept; the date is
// when its owner allowed deletion, which the host never does by itself.
export const sql = `
ALTER TABLE realm ADD COLUMN deactivated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE realm ADD COLUMN scheduled_deletion_date INTEGER;
${oneToOneConversationGroups}`;
