/**
 * Loaded before server/main.ts (`node --import`) by npm run test:chaos: a server process that the
 * run starts again after killing it takes the demo clock where the others have it.
 *
 * The demo clock (POST /dev/clock) lives in each process. Several separate processes behind a proxy
 * share nothing of it: each must be moved by a request of its own, and one started again begins at
 * the machine's time. Moved by a request once it is up, it would serve the proxy's requests at the
 * machine's time until then (the proxy sends it requests as soon as its health check passes), so
 * the offset is set here, before the server reads the clock at all. CHAOS_CLOCK_OFFSET_MS is the sum
 * of the moves the run made, in milliseconds.
 */
import { advanceClock } from '../../server/clock.ts';

const offset = Number(process.env.CHAOS_CLOCK_OFFSET_MS ?? 0);
if (Number.isFinite(offset) && offset > 0) advanceClock(offset);
