import { mount } from 'svelte';
import App from './App.svelte';
import { openBridge } from './bridge';
import { AppStore } from './lib/appStore.svelte';
import './app.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
mount(App, { target, props: { store: new AppStore(openBridge()) } });
