import { ApiError } from '../errors';

// Zulip 7.0's validate_poll_data and validate_todo_data, with the messages of
// its check_dict_only, check_string, check_int_in and check_int_range. A
// Python bool is an int, so JSON true passes where an integer is asked for.

type Check = (name: string, value: unknown) => void;

const fail = (message: string): never => {
  throw new ApiError(message);
};

const isInt = (value: unknown): value is number | boolean =>
  typeof value === 'boolean' || Number.isInteger(value);

const asInt = (value: number | boolean): number => Number(value);

const checkString: Check = (name, value) => {
  if (typeof value !== 'string') fail(`${name} is not a string`);
};

const checkBool: Check = (name, value) => {
  if (typeof value !== 'boolean') fail(`${name} is not a boolean`);
};

const checkInt = (name: string, value: unknown): number =>
  isInt(value) ? asInt(value) : fail(`${name} is not an integer`);

const checkIntIn =
  (allowed: readonly number[]): Check =>
  (name, value) => {
    if (!allowed.includes(checkInt(name, value))) fail(`Invalid ${name}`);
  };

const checkIntRange =
  (low: number, high: number): Check =>
  (name, value) => {
    const n = checkInt(name, value);
    if (n < low) fail(`${name} is too small`);
    if (n > high) fail(`${name} is too large`);
  };

function checkDict(
  name: string,
  value: unknown,
  keys: readonly (readonly [string, Check])[],
  onlyListed: boolean,
): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return fail(`${name} is not a dict`);
  }
  const dict = value as Record<string, unknown>;
  for (const [key, check] of keys) {
    if (!(key in dict)) fail(`${key} key is missing from ${name}`);
    check(`${name}["${key}"]`, dict[key]);
  }
  const unexpected = Object.keys(dict).filter((key) => !keys.some(([known]) => known === key));
  if (onlyListed && unexpected.length > 0) fail(`Unexpected arguments: ${unexpected.join(', ')}`);
  return dict;
}

// Zulip's MAX_IDX, which its widgets share: how many options or tasks one
// person may add.
const maxIdx = 1000;

type Shapes = Record<string, readonly (readonly [string, Check])[]>;

const pollShapes: Shapes = {
  vote: [
    ['type', checkString],
    ['key', checkString],
    ['vote', checkIntIn([1, -1])],
  ],
  question: [
    ['type', checkString],
    ['question', checkString],
  ],
  new_option: [
    ['type', checkString],
    ['option', checkString],
    ['idx', checkIntRange(0, maxIdx)],
  ],
};

const todoShapes: Shapes = {
  new_task: [
    ['type', checkString],
    ['key', checkIntRange(0, maxIdx)],
    ['task', checkString],
    ['desc', checkString],
    ['completed', checkBool],
  ],
  strike: [
    ['type', checkString],
    ['key', checkString],
  ],
};

function checkWidgetData(label: string, shapes: Shapes, data: unknown): void {
  const dict = checkDict(label, data, [['type', checkString]], false);
  const type = dict['type'] as string;
  const shape = Object.hasOwn(shapes, type) ? shapes[type] : undefined;
  if (!shape) fail(`Unknown type for ${label}: ${type}`);
  else checkDict(label, data, shape, true);
}

/** Zulip 7.0: anyone who may read the poll votes and adds options; only its author asks. */
export function checkPollData(data: unknown, isWidgetAuthor: boolean): void {
  const dict = checkDict('poll data', data, [['type', checkString]], false);
  if (dict['type'] === 'question' && !isWidgetAuthor) {
    fail("You can't edit a question unless you are the author.");
  }
  checkWidgetData('poll data', pollShapes, data);
}

/** Zulip 7.0: anyone who may read the list adds tasks and ticks them. */
export function checkTodoData(data: unknown): void {
  checkWidgetData('todo data', todoShapes, data);
}
