import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  bridgeCallNames,
  callChannel,
  eventChannel,
  type BridgeCalls,
  type BridgeEventName,
  type ChatBridge,
  type EventPayload,
} from './bridge';

// Exactly the contract's calls, each a plain invoke; main parses every argument,
// so nothing here needs to be trusted. Neither ipcRenderer nor IPC event objects
// ever reach the page.
const calls = Object.fromEntries(
  bridgeCallNames.map((name) => [
    name,
    (args: unknown) => ipcRenderer.invoke(callChannel(name), args),
  ]),
) as BridgeCalls;

interface EventFrame {
  event: BridgeEventName;
  payload: unknown;
}

const bridge: ChatBridge = {
  ...calls,
  on(event, listener) {
    const forward = (_ipc: IpcRendererEvent, frame: EventFrame): void => {
      if (frame.event === event) listener(frame.payload as EventPayload<typeof event>);
    };
    ipcRenderer.on(eventChannel, forward);
    return () => {
      ipcRenderer.removeListener(eventChannel, forward);
    };
  },
};

contextBridge.exposeInMainWorld('hearth', bridge);
