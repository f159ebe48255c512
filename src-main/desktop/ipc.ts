import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import {
  bridgeCallNames,
  callChannel,
  eventChannel,
  invokeBridgeCall,
  type BridgeService,
} from '../../src-preload/bridge';
import { isAppUrl } from './navigationPolicy';

/**
 * Serves the bridge contract to one window over IPC. Calls are accepted only
 * from that window's top frame while it shows the app itself, and their
 * arguments are parsed against the contract; events are pushed to it.
 * Returns the function that unregisters everything.
 */
export function serveBridge(
  service: BridgeService,
  contents: WebContents,
  appUrl: string,
): () => void {
  const trusted = (event: IpcMainInvokeEvent): boolean => {
    const frame = event.senderFrame;
    return (
      event.sender === contents &&
      frame !== null &&
      frame === contents.mainFrame &&
      isAppUrl(frame.url, appUrl)
    );
  };

  for (const name of bridgeCallNames) {
    ipcMain.handle(callChannel(name), (event, args: unknown) => {
      if (!trusted(event)) throw new Error(`${name}: refused a call from outside the app`);
      return invokeBridgeCall(service, name, args);
    });
  }

  const unsubscribe = service.subscribe((event, payload) => {
    if (!contents.isDestroyed()) contents.send(eventChannel, { event, payload });
  });

  return () => {
    unsubscribe();
    for (const name of bridgeCallNames) ipcMain.removeHandler(callChannel(name));
  };
}
