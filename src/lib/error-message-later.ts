import type { ApiError } from '../contract/envelope.ts';
import type { MessageContext } from './error-messages.ts';

/**
 * errorMessage() for the screens of a dashboard's first load, which must stay light (their page
 * budget): the sentences (as `context` words them) are fetched only when a failure is shown. Without them, the raw type.
 */
export const errorMessageLater = (error: ApiError, context?: MessageContext): Promise<string> =>
  import('./error-messages.ts').then(
    (m) => m.errorMessage(error, context),
    () => error.type,
  );
