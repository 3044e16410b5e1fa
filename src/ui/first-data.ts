import { createContext, useContext } from 'react';
import { dataIn, type FirstAnswers, firstData } from '../api/first-answers.ts';

/**
 * The first reads' answers of the request the server is rendering (src/islands/render-dashboard.tsx
 * provides them), so that requests rendered one after another share nothing. In the browser there
 * is no provider: a render reads the page's own answers (src/api/first-answers.ts).
 */
export const ServerFirstAnswers = createContext<FirstAnswers | null>(null);

/** How a render reads a first read's data: from the server's request while it renders, else from the page. */
export function useFirstData(): <T>(path: string) => T | undefined {
  const given = useContext(ServerFirstAnswers);
  return given ? (path) => dataIn(given, path) : firstData;
}
