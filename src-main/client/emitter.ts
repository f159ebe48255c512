type Listener<T> = (payload: T) => void;

/** A typed event emitter; a failing listener is reported, never allowed to stop the others. */
export class Emitter<Events extends object> {
  readonly #listeners = new Map<keyof Events, Set<Listener<never>>>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  on<E extends keyof Events>(event: E, listener: Listener<Events[E]>): () => void {
    let listeners = this.#listeners.get(event);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(event, listeners);
    }
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  emit<E extends keyof Events>(event: E, payload: Events[E]): void {
    for (const listener of this.#listeners.get(event) ?? []) {
      try {
        (listener as Listener<Events[E]>)(payload);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
