import { mount } from 'svelte';
import { chooseLanguage } from '../../src-main/i18n/languages';
import App from './App.svelte';
import { openBridge } from './bridge';
import { AppStore } from './lib/appStore.svelte';
import { lastLanguage, windowText } from './lib/i18n.svelte';
import './app.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
// The language the window spoke last, else the system's, until an account's
// own setting is known: the first thing drawn is already in it.
const bridge = openBridge();
const language = chooseLanguage([lastLanguage(), ...navigator.languages]);
await windowText.use(language);
void bridge.useLanguage({ code: language.code });
mount(App, { target, props: { store: new AppStore(bridge) } });
