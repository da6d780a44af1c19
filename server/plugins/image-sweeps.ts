import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The first sweep only notes what is unreferenced; a few minutes' wait keeps its scans out of the start-up. */
const FIRST_SWEEP_AFTER_MS = 5 * 60_000;
/** An image goes at the second sweep in a row that finds it unreferenced: within about 12 hours of being dropped. */
const SWEEP_EVERY_MS = 6 * 60 * 60_000;

/**
 * Sweeps the upload dir for images nothing shows any more (core/modules/uploads/image-sweep.ts), in every API process:
 * they share the directory, and a file deleted twice is no harm. The next sweep is timed from the end of the last, so
 * sweeps never overlap; a failed one (the database is out of reach) is logged and the next one tries again.
 */
export default fp(
  async function imageSweeps(app: FastifyInstance) {
    const sweeper = app.services.imageSweeper;
    const closing = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let sweeping: Promise<void> | undefined;

    function sweepAfter(ms: number): void {
      timer = setTimeout(() => (sweeping = sweepThenWait()), ms);
      timer.unref();
    }
    async function sweepThenWait(): Promise<void> {
      try {
        await sweeper.sweep({ signal: closing.signal });
      } catch (error) {
        app.log.warn({ err: (error as Error).message }, 'image sweep failed; the next one will try again');
      }
      if (!closing.signal.aborted) sweepAfter(SWEEP_EVERY_MS);
    }

    app.addHook('onReady', async () => sweepAfter(FIRST_SWEEP_AFTER_MS));
    // A sweep under way stops after its current batch; waiting for it keeps the database open under it (server.ts
    // disconnects once the app has closed).
    app.addHook('onClose', async () => {
      closing.abort();
      clearTimeout(timer);
      await sweeping;
    });
  },
  { name: 'image-sweeps' },
);
