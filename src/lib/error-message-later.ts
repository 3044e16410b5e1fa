import type { ApiError } from '../contract/envelope.ts';

/**
 * errorMessage() for the screens of a dashboard's first load, which must stay light (their page
 * budget): the sentences are fetched only when a failure is shown. Without them, the raw type.
 */
export const errorMessageLater = (error: ApiError): Promise<string> =>
  import('./error-messages.ts').then(
    (m) => m.errorMessage(error),
    () => error.type,
  );
