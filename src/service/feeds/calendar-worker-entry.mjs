// Entry of the calendar worker thread. Worker threads do not inherit a loader registered
// with tsx's API (bin/reset-records.js), so the worker registers it itself; under
// `node --import tsx` registering again is harmless.
import { register } from 'tsx/esm/api';

register();
await import('./calendar-worker.ts');
