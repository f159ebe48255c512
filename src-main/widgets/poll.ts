import { z } from 'zod';
import type { WidgetEvent } from './events';

// Zulip's poll widget (web/shared/src/poll_data.ts), computed from its
// submessages: the same question, options, keys and votes Zulip's own
// clients show for the same submessages.

export interface PollOption {
  /** `canned,<i>` for an option of the /poll message, else `<sender_id>,<idx>`. */
  key: string;
  option: string;
  /** Who votes for it, in the order their votes came. */
  voterIds: number[];
}

export interface PollState {
  type: 'poll';
  authorId: number;
  question: string;
  options: PollOption[];
}

// As Zulip's clients: each person adds a bounded number of options.
const maxIdx = 1000;

const extraDataSchema = z
  .object({
    question: z.string().catch(''),
    options: z.array(z.unknown()).catch([]),
  })
  .nullable()
  .catch(null);
const newOptionSchema = z.object({
  type: z.literal('new_option'),
  idx: z.number(),
  option: z.string(),
});
const questionSchema = z.object({ type: z.literal('question'), question: z.string() });
const voteSchema = z.object({ type: z.literal('vote'), key: z.string(), vote: z.number() });

function addOption(poll: PollState, sender: number | 'canned', idx: number, option: string): void {
  // The /poll syntax allows duplicates, which Zulip's clients drop.
  if (poll.options.some((known) => known.option === option)) return;
  if (idx < 0 || idx > maxIdx) return;
  const key = `${sender},${idx}`;
  const at = poll.options.findIndex((known) => known.key === key);
  const added = { key, option, voterIds: [] };
  if (at === -1) poll.options.push(added);
  else poll.options[at] = added;
}

function applyPollEvent(poll: PollState, event: WidgetEvent): void {
  const option = newOptionSchema.safeParse(event.data);
  if (option.success) {
    addOption(poll, event.senderId, option.data.idx, option.data.option);
    return;
  }
  const question = questionSchema.safeParse(event.data);
  if (question.success) {
    // Only the poll's author asks.
    if (event.senderId === poll.authorId) poll.question = question.data.question;
    return;
  }
  const vote = voteSchema.safeParse(event.data);
  if (!vote.success) return;
  const target = poll.options.find((known) => known.key === vote.data.key);
  if (!target || (vote.data.vote !== 1 && vote.data.vote !== -1)) return;
  const had = target.voterIds.includes(event.senderId);
  if (vote.data.vote === 1 && !had) target.voterIds.push(event.senderId);
  if (vote.data.vote === -1)
    target.voterIds = target.voterIds.filter((id) => id !== event.senderId);
}

export function pollState(authorId: number, extraData: unknown, events: WidgetEvent[]): PollState {
  const extra = extraDataSchema.parse(extraData);
  const poll: PollState = { type: 'poll', authorId, question: extra?.question ?? '', options: [] };
  (extra?.options ?? []).forEach((option, i) => {
    if (typeof option === 'string') addOption(poll, 'canned', i, option);
  });
  for (const event of events) applyPollEvent(poll, event);
  return poll;
}

/** The index of a new option in an event, or null for another event. */
export function optionIndex(data: unknown): number | null {
  const option = newOptionSchema.safeParse(data);
  return option.success ? option.data.idx : null;
}

/** The submessage that votes for the option, or takes back the vote one gave it. */
export function voteData(poll: PollState, key: string, me: number) {
  const voted = poll.options.find((option) => option.key === key)?.voterIds.includes(me) ?? false;
  return { type: 'vote', key, vote: voted ? -1 : 1 };
}
