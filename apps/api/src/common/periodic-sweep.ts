import type { Logger } from '@nestjs/common';

/**
 * Runs `sweep` every `everyMs` in the background (the timer never keeps the process alive); a failed run
 * is logged as a warning and the next one tries again. Returns the function that stops it.
 */
export function startPeriodicSweep(name: string, everyMs: number, sweep: () => Promise<unknown>, logger: Pick<Logger, 'warn'>): () => void {
  const timer = setInterval(() => void sweep().catch((error: Error) => logger.warn(`${name} failed: ${error.message}`)), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
