/**
 * One row of a Zulip export table: a model's fields by name, foreign keys as
 * bare IDs under the field's name without `_id`, times in Unix seconds.
 */
export type ZerverRow = Record<string, unknown>;
