import { useStore } from '../../ui/use-store.ts';
import { atom } from 'nanostores';
import { getMyCustomer, getMyGradebooks, MY_CUSTOMER, MY_GRADEBOOKS } from '../../api/customers.ts';
import { SidebarButton } from '../../ui/SidebarButton.tsx';
import { useRead } from '../../ui/use-read.ts';
import styles from './student.module.css';

/** Bumped when the student's gradebooks may have changed (a booking made from the dashboard). */
const $sidebarVersion = atom(0);
export const refreshStudentSidebar = () => $sidebarVersion.set($sidebarVersion.get() + 1);

export interface StudentSidebarProps {
  /** The current route name, and the gradebook shown (if any). */
  route: string;
  gradebookId?: string;
  paths: { upcoming: string; history: string; hours: string; gradebook: (id: string) => string };
}

/**
 * Greeting, credits (only above 0), Upcoming Sessions, Meeting History, Buy Hours and one link per
 * gradebook. A session that is not a customer's is sent home.
 */
export function StudentSidebar({ route, gradebookId, paths }: StudentSidebarProps) {
  const version = useStore($sidebarVersion);
  // What came with the page shows at once (as the server rendered it); a refresh keeps it meanwhile.
  // An account that is not a customer's has no student dashboard: home.
  const customerRead = useRead(getMyCustomer, [version], { firstPath: MY_CUSTOMER, keep: true, onDenied: () => window.location.assign('/') });
  const gradebooksRead = useRead(getMyGradebooks, [version], { firstPath: MY_GRADEBOOKS, keep: true });
  const customer = customerRead.state.status === 'ready' ? customerRead.state.data : undefined;
  const gradebooks = gradebooksRead.state.status === 'ready' ? gradebooksRead.state.data : [];

  const selection = route === 'studentHome' ? 'studentUpcoming' : route === 'studentGradebook' ? `grades-${gradebookId}` : route;
  return (
    <>
      <p className={styles.greeting}>{customer ? `Hi, ${customer.firstname}` : ''}</p>
      {customer && customer.credits > 0 && <p className={styles.credits}>Credits: {customer.credits}</p>}
      <SidebarButton name="studentUpcoming" selection={selection} label="Upcoming Sessions" href={paths.upcoming} />
      <SidebarButton name="studentHistory" selection={selection} label="Meeting History" href={paths.history} />
      <SidebarButton name="studentHours" selection={selection} label="Buy Hours" href={paths.hours} />
      {gradebooks.map((gradebook) => (
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
