import { createRequire } from 'node:module';
import { cacheCheckSource } from '../client/cache/cacheCheckSource';

// A utility process starts from a file; what it runs is the very script a
// Node child runs with -e, so the two cannot drift apart.
new Function('require', 'process', cacheCheckSource)(createRequire(import.meta.url), process);
