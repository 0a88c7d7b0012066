// The worker thread's entry: registers tsx in this thread, then loads the TypeScript entry, so a
// render worker runs TypeScript the way the server does (`node --import tsx`). Node 20 does not
// apply `--import tsx` from a Worker's execArgv to the worker's own entry file.
import { register } from 'tsx/esm/api';

register();
await import('./chunk-worker.ts');
