// The thread `checkOnThread` starts: one cache file's quick_check, answered once.
import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { quickCheckCache } from './cacheCheck';

parentPort?.postMessage({ problem: quickCheckCache(z.string().parse(workerData)) });
