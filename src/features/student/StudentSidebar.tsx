import { useStore } from '../../ui/use-store.ts';
import { atom } from 'nanostores';
import { useEffect, useRef, useState } from 'react';
import { getMyCustomer, getMyGradebooks, MY_CUSTOMER, MY_GRADEBOOKS } from '../../api/customers.ts';
import { firstData, forgetFirstAnswer } from '../../api/first-answers.ts';
import type { Customer, Gradebook } from '../../contract/entities.ts';
import { SidebarButton } from '../../ui/SidebarButton.tsx';
import { signInAgain } from '../../lib/sign-in-again.ts';
import styles from './student.module.css';

/** Bumped when the student's gradebooks may have changed (a booking made from the dashboard). */
const $sidebarVersion = atom(0);
export const refreshStudentSidebar = () => $sidebarVersion.set($sidebarVersion.get() + 1);

export interface StudentSidebarProps {
  /** The current route name, and the gradebook shown (if any). */
  route: string;
  gradebookId?: string;
  paths: { upcoming: string; history: string; gradebook: (id: string) => string };
}

/**
 * Greeting, credits (only above 0), Upcoming Sessions, Meeting History and one link per
 * gradebook. A session that is not a customer's is sent home.
 */
export function StudentSidebar({ route, gradebookId, paths }: StudentSidebarProps) {
  // What came with the page shows at once (and as the server rendered it); the rest is fetched.
  const [customer, setCustomer] = useState<Customer | null>(() => firstData<Customer>(MY_CUSTOMER) ?? null);
  const [gradebooks, setGradebooks] = useState<Gradebook[] | undefined>(() => firstData<Gradebook[]>(MY_GRADEBOOKS));
  const shownFromPage = useRef(customer !== null && gradebooks !== undefined);
  const version = useStore($sidebarVersion);

  useEffect(() => {
    if (shownFromPage.current) {
      shownFromPage.current = false;
      forgetFirstAnswer(MY_CUSTOMER);
      forgetFirstAnswer(MY_GRADEBOOKS);
      return;
    }
    void getMyCustomer().then((result) => {
      if (result.status === 'success') setCustomer(result.data);
      else if (result.status === 'failure' && result.error.type === 'NoAuth') signInAgain();
      else if (result.status === 'failure' && result.error.type === 'Unauthorized') window.location.assign('/');
    });
    void getMyGradebooks().then((result) => result.status === 'success' && setGradebooks(result.data));
  }, [version]);

  const selection = route === 'studentHome' ? 'studentUpcoming' : route === 'studentGradebook' ? `grades-${gradebookId}` : route;
  return (
    <>
      <p className={styles.greeting}>{customer ? `Hi, ${customer.firstname}` : ''}</p>
      {customer && customer.credits > 0 && <p className={styles.credits}>Credits: {customer.credits}</p>}
      <SidebarButton name="studentUpcoming" selection={selection} label="Upcoming Sessions" href={paths.upcoming} />
      <SidebarButton name="studentHistory" selection={selection} label="Meeting History" href={paths.history} />
      {(gradebooks ?? []).map((gradebook) => (
        <SidebarButton
          key={String(gradebook.id)}
          name={`grades-${gradebook.id}`}
          selection={selection}
          label={`${gradebook.course.course_number} Grades`}
          href={paths.gradebook(String(gradebook.id))}
        />
      ))}
    </>
  );
}
