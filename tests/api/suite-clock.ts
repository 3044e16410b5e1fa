import { setClock } from '../../server/clock.ts';
import { suiteDate } from '../suite-date.ts';

/** How far the suite's date is from the machine's clock when the file starts (this module loads once a file). */
const suiteOffsetMs = suiteDate().getTime() - Date.now();

/**
 * Puts the server's clock on the suite's time: the suite's date (TEST_DATE, tests/suite-date.ts) when
 * the file started, plus the time run since. The setup file does it before each file; tests that move
 * the clock call it to come back, never resetClock(), which would leave the suite's date for the
 * machine's. Coming back never goes back in time, as tests of windows and expiries expect.
 */
export const pinClock = (): void => setClock(new Date(Date.now() + suiteOffsetMs));
