/**
 * What a screen says when the server could not be reached at all. A module of its own: the app
 * shell's read hook needs only this sentence, not the rest of api-messages.ts.
 */
export const NETWORK_MESSAGE = "Couldn't contact server. Try again later.";
