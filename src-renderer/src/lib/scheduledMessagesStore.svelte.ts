import type { ChatBridge, Destination, ScheduledMessageView } from '../../../src-preload/bridge';
import { errorText } from './errors';
import { effectiveTimezone, schedulePresets, type SchedulePreset } from './scheduleTimes';

type ScheduleCalls = Pick<
  ChatBridge,
  'scheduleMessage' | 'editScheduledMessage' | 'sendScheduledNow' | 'cancelScheduledMessage'
>;

/**
 * The reader's scheduled messages: the list comes with the snapshot (the
 * server's events keep it current), and each change goes to the server,
 * which alone sends them. One message is edited at a time.
 */
export class ScheduledMessagesStore {
  error = $state<string | null>(null);
  /** What the compose box says once a message is scheduled. */
  notice = $state<string | null>(null);
  /** The message whose text and time are open for editing. */
  editing = $state<number | null>(null);
  busy = $state(false);

  constructor(
    private readonly bridge: ScheduleCalls,
    private readonly snapshot: () => {
      scheduledMessages: ScheduledMessageView[];
      timezone: string;
    } | null,
  ) {}

  get list(): ScheduledMessageView[] {
    return this.snapshot()?.scheduledMessages ?? [];
  }

  /** The reader's timezone setting, or this computer's where there is none. */
  get timezone(): string {
    return effectiveTimezone(this.snapshot()?.timezone ?? '');
  }

  presets(nowMs: number, hours: 12 | 24): SchedulePreset[] {
    return schedulePresets(nowMs, this.timezone, hours);
  }

  /** Where a chosen time starts: tomorrow at 9:00, as a time certainly ahead. */
  suggestedTime(nowMs: number): number {
    // The presets end with tomorrow and Monday.
    return (
      schedulePresets(nowMs, this.timezone, 24).at(-2)?.at ?? Math.floor(nowMs / 1000) + 86_400
    );
  }

  /** False when the server refused, with its reason in `error`. */
  schedule(to: Destination, content: string, at: number): Promise<boolean> {
    return this.#call(() => this.bridge.scheduleMessage({ to, content, at }));
  }

  async saveEdit(id: number, content: string, at: number | null): Promise<boolean> {
    const done = await this.#call(() =>
      this.bridge.editScheduledMessage({ id, content, ...(at !== null ? { at } : {}) }),
    );
    if (done) this.editing = null;
    return done;
  }

  edit(id: number | null): void {
    this.error = null;
    this.editing = id;
  }

  sendNow(id: number): Promise<boolean> {
    return this.#call(() => this.bridge.sendScheduledNow({ id }));
  }

  cancel(id: number): Promise<boolean> {
    return this.#call(() => this.bridge.cancelScheduledMessage({ id }));
  }

  clear(): void {
    this.error = null;
    this.notice = null;
    this.editing = null;
  }

  async #call(call: () => Promise<unknown>): Promise<boolean> {
    this.busy = true;
    try {
      await call();
      this.error = null;
      return true;
    } catch (error) {
      this.error = errorText(error);
      return false;
    } finally {
      this.busy = false;
    }
  }
}
