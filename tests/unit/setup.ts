import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { afterEach } from 'vitest';
import { $router } from '../../src/features/dashboard/router.ts';

afterEach(() => {
  cleanup();
  // The router stops listening to the document a second after its last listener leaves (nanostores'
  // unmount delay); a test file may be over by then, and its document gone. Stop it now instead.
  cleanStores($router);
});
