import os from 'node:os';

/**
 * Imported first by every worker module: the worker thread runs at a lower CPU priority than
 * the event loop (on Linux, setpriority on the calling thread affects that thread alone), so a
 * machine busy decoding bodies still answers requests promptly. Where it is refused, the worker
 * runs at normal priority.
 */
const WORKER_NICENESS = 10;
try {
  os.setPriority(WORKER_NICENESS);
} catch {
  // Not allowed here: normal priority.
}
