import { ApiError } from '../errors';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A third-party payload read key by key, as Zulip's WildValue: every value an
 * integration reads is checked for presence and type, and a payload without
 * it is refused with a 400 naming the key (where Zulip answers 500).
 */
export class Payload {
  constructor(
    readonly value: unknown,
    private readonly integration: string,
    private readonly path = '',
  ) {}

  private child(key: string | number, value: unknown): Payload {
    const path =
      typeof key === 'number' ? `${this.path}[${key}]` : this.path ? `${this.path}.${key}` : key;
    return new Payload(value, this.integration, path);
  }

  /** The 400 for a value that is there but unusable. */
  invalid(why: string): ApiError {
    const where = this.path || 'body';
    return new ApiError(`The ${this.integration} payload's '${where}' ${why}`, 'BAD_REQUEST', 400, {
      payload_key: where,
    });
  }

  private refuse(why: string): never {
    throw this.invalid(why);
  }

  /** Whether the key is present (even as null), as Python's `key in payload`. */
  has(key: string): boolean {
    return isObject(this.value) && Object.hasOwn(this.value, key);
  }

  get(key: string): Payload {
    if (!isObject(this.value)) this.refuse('is not an object');
    if (!Object.hasOwn(this.value, key)) {
      const where = this.path ? `${this.path}.${key}` : key;
      throw new ApiError(
        `The ${this.integration} payload is missing '${where}'`,
        'BAD_REQUEST',
        400,
        {
          payload_key: where,
        },
      );
    }
    return this.child(key, this.value[key]);
  }

  /** The value at `key` when present and not null. */
  optional(key: string): Payload | undefined {
    if (!isObject(this.value)) return undefined;
    const value = this.value[key];
    return value === undefined || value === null ? undefined : this.child(key, value);
  }

  /** Python's truth value, which Zulip's integrations test with `if payload[key]`. */
  get truthy(): boolean {
    const value = this.value;
    if (Array.isArray(value)) return value.length > 0;
    if (isObject(value)) return Object.keys(value).length > 0;
    return Boolean(value);
  }

  string(): string {
    if (typeof this.value !== 'string') this.refuse('is not a string');
    return this.value;
  }

  nullableString(): string | null {
    return this.value === null ? null : this.string();
  }

  int(): number {
    if (typeof this.value !== 'number' || !Number.isInteger(this.value)) {
      this.refuse('is not an integer');
    }
    return this.value;
  }

  bool(): boolean {
    if (typeof this.value !== 'boolean') this.refuse('is not a boolean');
    return this.value;
  }

  list(): Payload[] {
    if (!Array.isArray(this.value)) this.refuse('is not a list');
    return this.value.map((item, index) => this.child(index, item));
  }

  entries(): [string, Payload][] {
    if (!isObject(this.value)) this.refuse('is not an object');
    return Object.entries(this.value).map(([key, value]) => [key, this.child(key, value)]);
  }

  /** The string at `key`, the most common read. */
  str(key: string): string {
    return this.get(key).string();
  }
}
