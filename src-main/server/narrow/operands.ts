import { errors } from '../errors';
import type { Sql } from '../store/sql';
import { streamById, streamByName, type StreamRow } from '../store/streams';
import { userByEmail, userById, type UserRow } from '../store/users';
import type { Operand, Term } from './terms';

export function describeOperand(operand: Operand): string {
  return typeof operand === 'object' ? `[${operand.join(', ')}]` : String(operand);
}

export function singleOperand(term: Term): string | number {
  if (typeof term.operand === 'object') {
    throw errors.badNarrow(`${term.operator} needs a single operand`);
  }
  return term.operand;
}

export function textOperand(term: Term): string {
  return String(singleOperand(term));
}

export function findStream(sql: Sql, term: Term): StreamRow {
  const operand = singleOperand(term);
  const stream =
    typeof operand === 'number' ? streamById(sql, operand) : streamByName(sql, operand);
  if (!stream) throw errors.badNarrow(`unknown channel ${operand}`);
  return stream;
}

function lookUpUser(sql: Sql, who: string | number): UserRow | undefined {
  return typeof who === 'number' ? userById(sql, who) : userByEmail(sql, who.trim());
}

export function findUser(sql: Sql, term: Term): UserRow {
  const operand = singleOperand(term);
  const user = lookUpUser(sql, operand);
  if (!user) throw errors.badNarrow(`unknown user ${operand}`);
  return user;
}

// `pm-with` takes a comma-separated list of emails or a list of user IDs.
export function findUsers(sql: Sql, term: Term): UserRow[] {
  const operand = term.operand;
  const wanted = typeof operand === 'string' ? operand.split(',') : [operand].flat();
  const users = wanted.map((who) => lookUpUser(sql, who));
  if (wanted.length === 0 || users.some((user) => user === undefined)) {
    throw errors.badNarrow(`unknown user in ${describeOperand(operand)}`);
  }
  return users as UserRow[];
}
