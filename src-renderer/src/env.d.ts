import type { ChatBridge } from '../../src-preload/bridge';

declare global {
  interface Window {
    /** Set by the Electron preload; absent when the renderer runs in a plain browser. */
    hearth?: ChatBridge;
  }
}
