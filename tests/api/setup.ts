import { startFileClock } from './suite-clock.ts';

// Before the file's seed and tests: every API test file starts at the suite's date, not today's.
startFileClock();
