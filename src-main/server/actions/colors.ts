// Distinct, readable stream colors handed out in turn to a user's subscriptions.
const palette = [
  '#76ce90',
  '#fae589',
  '#a6c7e5',
  '#e79ab5',
  '#bfd56f',
  '#f4ae55',
  '#b0a5fd',
  '#addfe5',
  '#f5ce6e',
  '#c2726a',
  '#94c849',
  '#bd86e5',
  '#ee7e4a',
  '#a6dcbf',
];

export function streamColor(existingSubscriptions: number): string {
  return palette[existingSubscriptions % palette.length] ?? '#c2c2c2';
}
