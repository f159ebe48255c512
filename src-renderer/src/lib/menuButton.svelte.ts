import { closeOnPressOutside, menuKey } from './menuKeys';

/**
 * A button and the menu it opens (the WAI-ARIA menu button pattern):
 * opening focuses the first item, a press anywhere else closes it, and an
 * item closes it before it acts, giving the focus back to the button first,
 * where a dialog the item opens returns it.
 */
export class MenuButton {
  open = $state(false);
  button = $state<HTMLElement>();
  list = $state<HTMLElement>();

  toggle = (): void => {
    this.open = !this.open;
  };

  close = (returnFocus: boolean): void => {
    this.open = false;
    if (returnFocus) this.button?.focus();
  };

  choose = (act: () => void): void => {
    this.close(true);
    act();
  };

  onkeydown = (event: KeyboardEvent): void => menuKey(event, this.#items(), this.close);

  /** For the component's $effect: focuses the open menu, and gives back what stops listening. */
  whileOpen(): (() => void) | undefined {
    if (!this.open || !this.list) return undefined;
    this.#items()[0]?.focus();
    return closeOnPressOutside(() => [this.list, this.button], this.close);
  }

  #items = (): HTMLElement[] => [
    ...(this.list?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
  ];
}
