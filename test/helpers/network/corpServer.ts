import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { testTuning, type TestHearthOptions } from '../hearth';
import { startOrg, type Org } from '../org';
import { startOfficeProxy, type OfficeProxy } from './officeProxy';

/**
 * A Hearth host by a name only an office proxy resolves, over plain http: as
 * far as an app routed through the proxy can tell, another computer on the
 * company network.
 */
export interface CorpServer {
  org: Org;
  proxy: OfficeProxy;
  /** `chat.corp.example:<port>` */
  host: string;
  serverUrl: string;
  /** For startTestHearth: every request through the app's own network, and so through the proxy. */
  app: TestHearthOptions;
  close(): Promise<void>;
}

export async function startCorpServer(): Promise<CorpServer> {
  const org = await startOrg({ allowedHosts: ['chat.corp.example'] });
  const proxy = await startOfficeProxy();
  const host = `chat.corp.example:${new URL(org.url).port}`;
  return {
    org,
    proxy,
    host,
    serverUrl: `http://${host}`,
    app: {
      secrets: createMemorySecretStore(),
      tuning: { ...testTuning, fetch: undefined },
      network: { env: { HTTP_PROXY: proxy.url } },
    },
    close: async () => {
      await proxy.close();
      await org.close();
    },
  };
}
