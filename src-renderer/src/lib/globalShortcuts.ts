/** Zulip's keys that act on the whole window rather than on the selected message. */
export type GlobalShortcut =
  'search' | 'newStreamMessage' | 'newDirectMessage' | 'nextUnreadTopic' | 'help' | 'back';

// Where typing goes to a field, its letters are text, not shortcuts.
const typingPlaces = 'input, textarea, select, [contenteditable], [role="menu"], dialog';

export function globalShortcut(event: KeyboardEvent): GlobalShortcut | null {
  if (event.defaultPrevented || event.isComposing) return null;
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (event.key === 'Escape') return target?.closest('[role="menu"], dialog') ? null : 'back';
  if (target?.closest(typingPlaces)) return null;
  switch (event.key) {
    case '/':
      return 'search';
    case 'c':
      return 'newStreamMessage';
    case 'x':
      return 'newDirectMessage';
    case 'n':
      return 'nextUnreadTopic';
    case '?':
      return 'help';
    default:
      return null;
  }
}

/** What the help lists, as Zulip's keyboard shortcuts page groups them. */
export const shortcutHelp: { group: string; keys: { keys: string[]; does: string }[] }[] = [
  {
    group: 'The window',
    keys: [
      { keys: ['/'], does: 'Search' },
      { keys: ['n'], does: 'Next unread topic' },
      { keys: ['c'], does: 'New channel message' },
      { keys: ['x'], does: 'New direct message' },
      {
        keys: ['Esc'],
        does: 'Back: close the search, leave the compose box, or go to All messages',
      },
      { keys: ['?'], does: 'These shortcuts' },
    ],
  },
  {
    group: 'The selected message',
    keys: [
      { keys: ['j', '↓'], does: 'Next message' },
      { keys: ['k', '↑'], does: 'Previous message' },
      { keys: ['r'], does: 'Reply' },
      { keys: ['>'], does: 'Quote and reply' },
      { keys: ['e'], does: 'Edit' },
      { keys: ['*', 'Ctrl+S'], does: 'Star or unstar' },
      { keys: ['Shift+U'], does: 'Mark as unread from here' },
      { keys: ['i'], does: 'Open its menu' },
      { keys: ['s'], does: 'Narrow to its channel or conversation' },
      { keys: ['S'], does: 'Narrow to its topic' },
    ],
  },
  {
    group: 'The compose box',
    keys: [
      { keys: ['Enter'], does: 'Send, or add a line, as the Enter sends setting says' },
      { keys: ['Ctrl+Enter'], does: 'Send' },
      { keys: ['Esc'], does: 'Leave the compose box for the messages' },
    ],
  },
];
