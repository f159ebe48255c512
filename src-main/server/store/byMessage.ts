/** Rows of many messages, each message's in the order given. */
export function byMessage<T extends { message_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.message_id);
    if (list) list.push(row);
    else grouped.set(row.message_id, [row]);
  }
  return grouped;
}
