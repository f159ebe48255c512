import type { MessageKey } from './i18n.svelte';

/** Zulip's keys that act on the whole window rather than on the selected message. */
export type GlobalShortcut =
  'search' | 'newStreamMessage' | 'newDirectMessage' | 'nextUnreadTopic' | 'help' | 'back';

// Where typing goes to a field, its letters are text, not shortcuts.
const typingPlaces = 'input, textarea, select, [contenteditable], [role="menu"], dialog';

export function globalShortcut(event: KeyboardEvent): GlobalShortcut | null {
  if (event.defaultPrevented || event.isComposing) return null;
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  // A modal dialog has the keys wherever the focus is, on the page itself
  // too once the button it focused is gone (Move's Close, shown while it
  // loads): its Escape closes it alone, and nothing behind it acts.
  if (document.querySelector('dialog:modal')) return null;
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

/** A group of the help, its words as catalog keys: the help says them in the language of the moment. */
interface HelpSection {
  group: MessageKey;
  keys: { keys: string[]; does: MessageKey }[];
}

const section = (group: MessageKey, keys: [string[], MessageKey][]): HelpSection => ({
  group,
  keys: keys.map(([pressed, does]) => ({ keys: pressed, does })),
});

/** What the help lists, as Zulip's keyboard shortcuts page groups them; key names stay as printed on keys. */
export const shortcutHelp: readonly HelpSection[] = [
  section('window.shortcuts.window', [
    [['/'], 'common.search'],
    [['n'], 'window.shortcuts.nextUnreadTopic'],
    [['c'], 'window.shortcuts.newChannelMessage'],
    [['x'], 'window.shortcuts.newDirectMessage'],
    [['Esc'], 'window.shortcuts.back'],
    [['?'], 'window.shortcuts.help'],
    // Main's menu takes these (desktop/zoom.ts); they are listed here to be found.
    [['Ctrl+='], 'window.shortcuts.zoomIn'],
    [['Ctrl+-'], 'window.shortcuts.zoomOut'],
    [['Ctrl+0'], 'window.shortcuts.zoomReset'],
  ]),
  section('window.shortcuts.selectedMessage', [
    [['j', '↓'], 'window.shortcuts.nextMessage'],
    [['k', '↑'], 'window.shortcuts.previousMessage'],
    [['r'], 'window.shortcuts.reply'],
    [['>'], 'window.shortcuts.quote'],
    [['e'], 'common.edit'],
    [['*', 'Ctrl+S'], 'window.shortcuts.star'],
    [['Shift+U'], 'window.shortcuts.unreadFromHere'],
    [['i'], 'window.shortcuts.menu'],
    [['s'], 'window.shortcuts.narrowChannel'],
    [['S'], 'window.shortcuts.narrowTopic'],
  ]),
  section('window.shortcuts.composeBox', [
    [['Enter'], 'window.shortcuts.enter'],
    [['Ctrl+Enter'], 'window.shortcuts.send'],
    [['Esc'], 'window.shortcuts.leaveCompose'],
  ]),
];
