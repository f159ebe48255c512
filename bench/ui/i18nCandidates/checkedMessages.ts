import type { JsonValues } from './page';

/** A message whose output for its values is known, so a run proves it formatted rather than echoed. */
export interface CheckedMessage {
  key: string;
  source: string;
  values?: JsonValues;
  expected: string;
}

// In every first view: each candidate must produce exactly this text for them
// or the run stops, since a figure for output that is wrong would mislead.
export const checkedMessages: readonly CheckedMessage[] = [
  {
    key: 'bench.typing',
    source: '{name} is typing…',
    values: { name: 'Bea Ortiz' },
    expected: 'Bea Ortiz is typing…',
  },
  {
    key: 'bench.unread',
    source:
      '{count, plural, =0 {No unread messages} one {# unread message} other {# unread messages}}',
    values: { count: 1234 },
    expected: '1,234 unread messages',
  },
  {
    key: 'bench.notified',
    source:
      '{gender, select, female {{name} updated her status} male {{name} updated his status} other {{name} updated their status}}',
    values: { gender: 'other', name: 'Chidi' },
    expected: 'Chidi updated their status',
  },
  {
    key: 'bench.rank',
    source:
      'You are the {position, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} subscriber',
    values: { position: 22 },
    expected: 'You are the 22nd subscriber',
  },
  {
    key: 'bench.storage',
    source: '{fraction, number, percent} of the upload quota used',
    values: { fraction: 0.42 },
    expected: '42% of the upload quota used',
  },
];

// Formatted after the timed loads, one by one, for the feature column: what
// ICU MessageFormat 1 asks for beyond placeholders. A tag's function wraps
// its text in brackets, so a library that leaves tags as text fails it.
export const featureMessages: readonly (CheckedMessage & { feature: string })[] = [
  {
    feature: 'plural',
    key: 'bench.feature.plural',
    source: '{count, plural, =0 {No files} one {# file} other {# files}}',
    values: { count: 0 },
    expected: 'No files',
  },
  {
    feature: 'offset',
    key: 'bench.feature.offset',
    source:
      '{count, plural, offset:1 =0 {Nobody reacted} =1 {{name} reacted} one {{name} and # other reacted} other {{name} and # others reacted}}',
    values: { count: 3, name: 'Ann' },
    expected: 'Ann and 2 others reacted',
  },
  {
    feature: 'select',
    key: 'bench.feature.select',
    source: '{role, select, owner {Owner} admin {Administrator} other {Member}}',
    values: { role: 'admin' },
    expected: 'Administrator',
  },
  {
    feature: 'selectordinal',
    key: 'bench.feature.selectordinal',
    source: '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} reply',
    values: { n: 3 },
    expected: '3rd reply',
  },
  {
    feature: 'number',
    key: 'bench.feature.number',
    source: '{size, number} bytes, {amount, number, ::currency/EUR}',
    values: { size: 1048576, amount: 12.5 },
    expected: '1,048,576 bytes, €12.50',
  },
  {
    feature: 'date',
    key: 'bench.feature.date',
    source: 'Sent {when, date, medium} at {when, time, short}',
    values: { when: { date: Date.UTC(2026, 10, 25, 15, 45) } },
    expected: 'Sent Nov 25, 2026 at 3:45 PM',
  },
  {
    feature: 'date skeleton',
    key: 'bench.feature.dateSkeleton',
    source: 'Joined {when, date, ::yyyyMMMd}',
    values: { when: { date: Date.UTC(2026, 10, 25, 15, 45) } },
    expected: 'Joined Nov 25, 2026',
  },
  {
    feature: 'tags',
    key: 'bench.feature.tags',
    source: 'Read the <link>terms of use</link> first',
    values: {},
    expected: 'Read the [terms of use] first',
  },
  {
    feature: 'quoting',
    key: 'bench.feature.quoting',
    source: "Type '{'name'}' to mention someone, it''s {n, number} keys",
    values: { n: 6 },
    expected: "Type {name} to mention someone, it's 6 keys",
  },
];
