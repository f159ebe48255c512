import type { ChatBridge } from '../../src-preload/bridge';
import { connectWsBridge } from './wsBridge';

// Inside Electron the preload provides the bridge. In a plain browser (the
// dev:web harness and the end-to-end tests) the page was served by the Node
// process that implements the same contract over a WebSocket; the harness puts
// its one-time token in the fragment so it never reaches a server log.
export function openBridge(): ChatBridge {
  if (window.hearth) return window.hearth;
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return connectWsBridge(`${scheme}//${location.host}/bridge?token=${encodeURIComponent(token)}`);
}
