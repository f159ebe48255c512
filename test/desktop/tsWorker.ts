import { Worker } from 'node:worker_threads';
import { hostWorkerOptions, type HostConfig } from '../../src-main/desktop/hosting';

// Node 20 does not carry `--import tsx` into worker threads, so the worker
// registers tsx itself before loading the TypeScript entry.
export const spawnTsWorker =
  (file: URL) =>
  (workerData: HostConfig): Worker =>
    new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`,
      { ...hostWorkerOptions(workerData), eval: true },
    );
