import { createContext, useContext } from 'react';

/**
 * Whose tutor dashboard a supervisor is in, when it is another tutor's (issue 24): the screens name
 * that tutor in their headings ("Jordan's Schedule") and destructive actions in their confirmation.
 * Null on one's own dashboard. Provided by the tutor side (src/islands/dashboard-tutor.tsx).
 */
export const ViewedTutorContext = createContext<{ name: string } | null>(null);

/** The other tutor whose dashboard this is, or null on one's own. */
export const useViewedTutor = () => useContext(ViewedTutorContext);

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** A screen's heading: `own` on one's own dashboard; on another tutor's, `others` of their first name ("Jordan's Schedule"). */
export function useScreenTitle(own: string, others: (firstName: string) => string = (name) => `${name}’s ${own}`): string {
  const viewed = useViewedTutor();
  return viewed ? others(firstName(viewed.name)) : own;
}
