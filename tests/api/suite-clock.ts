import { setClock } from '../../server/clock.ts';
import { suiteDate } from '../suite-date.ts';

/**
 * Puts the server's clock at the suite's date (TEST_DATE, tests/suite-date.ts); it runs on from
 * there. The setup file does it before each file; tests that move the clock call it to come back,
 * never resetClock(), which would leave the suite's date for the machine's.
 */
export const pinClock = (): void => setClock(suiteDate());
