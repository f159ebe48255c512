import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadRequest, SaveDownload } from '../../../src-main/client/ports/downloadPort';
import { pipelineReaches } from '../../../src-main/client/ports/downloadPort';
import type { ProxySetting } from '../../../src-main/wire/proxySetting';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import {
  connected,
  joinWithKey,
  removeProfile,
  startTestHearth,
  type TestHearth,
} from '../../helpers/hearth';
import { serverKinds, type TestServer } from '../../helpers/serverKinds';

// Issue 37, point 5: files saved from messages go through the desktop's
// download pipeline (Electron's, which marks them as from the internet) when
// the app has one. The client still chooses the folder and the name; the
// pipeline is handed a URL that needs no key, and the path to write.

/** Stands in for Electron's pipeline: fetches the URL as given, with no credentials, over the reserved file. */
function recordingPipeline() {
  const requests: DownloadRequest[] = [];
  const save: SaveDownload = async (request) => {
    requests.push(request);
    const response = await fetch(request.url);
    if (!response.ok) throw new Error(`The download was interrupted (HTTP ${response.status}).`);
    await writeFile(request.path, new Uint8Array(await response.arrayBuffer()));
    return request.path;
  };
  return { requests, save };
}

const base64 = (text: string) => Buffer.from(text).toString('base64');

describe.each(serverKinds)('saving files through the download pipeline, on $name', (kind) => {
  let server: TestServer;
  let hearth: TestHearth | undefined;

  beforeAll(async () => {
    server = await kind.start();
  });
  afterAll(() => server.close());
  afterEach(async () => {
    await hearth?.stop();
    if (hearth) await removeProfile(hearth.profileDir);
    hearth = undefined;
  });

  async function signedIn(saveDownload: SaveDownload) {
    hearth = await startTestHearth({ secrets: createMemorySecretStore(), saveDownload });
    await joinWithKey(hearth.app, server.url, server.me);
    await connected(hearth.app);
    const accountId = hearth.app.appState().accounts[0]?.id ?? '';
    return { app: hearth, accountId, downloads: join(hearth.profileDir, 'downloads') };
  }

  const upload = async (app: TestHearth, accountId: string, name: string, text: string) =>
    (
      await app.service.uploadFile({
        accountId,
        uploadId: name,
        name,
        type: 'text/plain',
        data: base64(text),
      })
    ).url;

  it('hands the pipeline a URL without the key and a reserved path, and never writes over another file', async () => {
    const pipeline = recordingPipeline();
    const { app, accountId, downloads } = await signedIn(pipeline.save);
    const url = await upload(app, accountId, 'minutes.txt', 'Agreed: paint the shed');

    const first = await app.service.saveUpload({ accountId, href: url });
    const second = await app.service.saveUpload({ accountId, href: url });

    expect(first).toEqual({ name: 'minutes.txt', path: join(downloads, 'minutes.txt') });
    expect(second).toEqual({ name: 'minutes (2).txt', path: join(downloads, 'minutes (2).txt') });
    expect(await readFile(join(downloads, 'minutes.txt'), 'utf8')).toBe('Agreed: paint the shed');
    expect(await readFile(join(downloads, 'minutes (2).txt'), 'utf8')).toBe(
      'Agreed: paint the shed',
    );
    expect((await readdir(downloads)).sort()).toEqual(['minutes (2).txt', 'minutes.txt']);

    expect(pipeline.requests.map((request) => request.path)).toEqual([
      join(downloads, 'minutes.txt'),
      join(downloads, 'minutes (2).txt'),
    ]);
    for (const { url: asked } of pipeline.requests) {
      expect(new URL(asked).origin).toBe(new URL(server.url).origin);
      expect(asked).toMatch(/\/user_uploads\/temporary\//);
      expect(asked).not.toContain(server.me.apiKey);
    }
  });

  it('gives a file a name this computer keeps visible, whatever the server named it', async () => {
    const pipeline = recordingPipeline();
    const { app, accountId, downloads } = await signedIn(pipeline.save);
    const url = await upload(app, accountId, '.bashrc', 'alias ls=rm');

    const saved = await app.service.saveUpload({ accountId, href: url });

    expect(saved).toEqual({ name: 'bashrc', path: join(downloads, 'bashrc') });
    expect(await readFile(saved?.path ?? '', 'utf8')).toBe('alias ls=rm');
  });

  it('passes back the pipeline’s reason and the server’s, and leaves no file behind', async () => {
    const { app, accountId, downloads } = await signedIn(() =>
      Promise.reject(new Error('The download was cancelled.')),
    );
    const url = await upload(app, accountId, 'agenda.txt', 'Item one');

    await expect(app.service.saveUpload({ accountId, href: url })).rejects.toThrow(
      'The download was cancelled.',
    );
    await expect(
      app.service.saveUpload({ accountId, href: '/user_uploads/1/aa/nothing/here.txt' }),
    ).rejects.toThrow('File not found');
    expect(await readdir(downloads)).toEqual([]);
  });

  it('reads the file itself when Settings › Network chose a route the pipeline does not take', async () => {
    const pipeline = recordingPipeline();
    const { app, accountId } = await signedIn(pipeline.save);
    await app.app.setNetworkSettings({ proxy: { mode: 'none' } });
    const url = await upload(app, accountId, 'route.txt', 'Straight there');

    const saved = await app.service.saveUpload({ accountId, href: url });

    expect(await readFile(saved?.path ?? '', 'utf8')).toBe('Straight there');
    expect(pipeline.requests).toEqual([]);
  });
});

describe('which servers the pipeline reaches as the client does', () => {
  const pin = { fingerprint: 'AB:CD', certPem: '-----BEGIN CERTIFICATE-----' };

  it('takes servers the system trusts, along the desktop’s own proxy settings', () => {
    expect(pipelineReaches({ certificate: null }, { mode: 'system' })).toBe(true);
  });

  it('leaves a server trusted by its pinned certificate, and any route chosen in the app, to the client', () => {
    expect(pipelineReaches({ certificate: pin }, { mode: 'system' })).toBe(false);
    expect(pipelineReaches({ certificate: null }, { mode: 'none' })).toBe(false);
    const manual: ProxySetting = {
      mode: 'manual',
      scheme: 'http',
      host: 'proxy.corp.example',
      port: 3128,
      username: null,
      bypass: [],
    };
    expect(pipelineReaches({ certificate: null }, manual)).toBe(false);
  });
});
