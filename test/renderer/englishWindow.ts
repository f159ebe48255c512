import { MessageFormatter } from '../../src-main/i18n/format';
import { loadWindowCatalog } from '../../src-main/i18n/windowCatalog';
import { windowText } from '../../src-renderer/src/lib/i18n.svelte';

// The window's scripts run here in Node, where no page loads a catalog: a
// test imports this before what it tests, and they say what the English
// window says.
windowText.formatter = new MessageFormatter('en', await loadWindowCatalog('en'));
