import { setClock } from '../../server/clock.ts';
import { suiteDate } from '../suite-date.ts';

/**
 * How far the suite's date is from the machine's clock when the current file started. Set by
 * startFileClock() (the setup file, before each file): the API files share their worker's modules
 * (vitest.config.ts), so this module's load is not a file's start.
 */
let suiteOffsetMs = suiteDate().getTime() - Date.now();

/** Before each file's seed and tests: the server's clock reads the suite's date. */
export function startFileClock(): void {
  suiteOffsetMs = suiteDate().getTime() - Date.now();
  pinClock();
}

/**
 * Puts the server's clock on the suite's time: the suite's date (TEST_DATE, tests/suite-date.ts) when
 * the file started, plus the time run since. Tests that move the clock call it to come back, never
 * resetClock(), which would leave the suite's date for the machine's. Coming back never goes back in
 * time, as tests of windows and expiries expect.
 */
export const pinClock = (): void => setClock(new Date(Date.now() + suiteOffsetMs));
