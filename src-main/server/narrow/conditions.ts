/**
 * SQL conditions a narrow adds to a message query, over `m` (messages) and
 * `um` (the viewer's user_messages row), with their bound values.
 */
export class Conditions {
  readonly clauses: string[] = [];
  readonly params: Record<string, string | number> = {};

  /** Binds a value and returns its placeholder. */
  bind(value: string | number): string {
    const name = `n${Object.keys(this.params).length}`;
    this.params[name] = value;
    return `:${name}`;
  }

  add(clause: string, negated: boolean): void {
    this.clauses.push(negated ? `NOT (${clause})` : `(${clause})`);
  }
}

export const NEVER = '0';
