/** What a key does to the selected message, as in Zulip's web app. */
export type MessageShortcut =
  | 'next'
  | 'previous'
  | 'menu'
  | 'reply'
  | 'quote'
  | 'edit'
  | 'star'
  | 'unreadFromHere'
  | 'narrowStream'
  | 'narrowTopic';

export function messageShortcut(event: KeyboardEvent): MessageShortcut | null {
  if (event.altKey || event.isComposing) return null;
  const control = event.ctrlKey || event.metaKey;
  if (control) return event.key.toLowerCase() === 's' ? 'star' : null;
  switch (event.key) {
    case 'ArrowDown':
    case 'j':
      return 'next';
    case 'ArrowUp':
    case 'k':
      return 'previous';
    case 'i':
      return 'menu';
    case 'r':
      return 'reply';
    case '>':
      return 'quote';
    case 'e':
      return 'edit';
    case '*':
      return 'star';
    case 'U':
      return 'unreadFromHere';
    case 's':
      return 'narrowStream';
    case 'S':
      return 'narrowTopic';
    default:
      return null;
  }
}
