import type { Guarantee } from '../../contract/entities.ts';

/**
 * How the gradebook tells the pass guarantee's progress (GET /api/gradebooks/{id}/guarantee), as
 * pure functions: 'Guarantee: 9 of 12 hours · every grade entered on time', and what would lose it
 * before it happens.
 */

const hours = (n: number) => `${Math.round(n * 100) / 100}`;

/** The headline: where the guarantee stands. */
export function guaranteeLine(g: Guarantee): string {
  if (g.status === 'waived') return 'Guarantee: waived for this course';
  if (g.status === 'lost') return 'Guarantee: lost';
  const parts = [`${hours(Math.min(g.hours_counted, g.hours_required))} of ${g.hours_required} hours`];
  if (g.classes_required !== null) parts.push(`${Math.min(g.classes_counted, g.classes_required)} of ${g.classes_required} classes`);
  parts.push('every grade entered on time');
  return `Guarantee${g.status === 'eligible' ? ' (eligible)' : ''}: ${parts.join(' · ')}`;
}

/** What to keep in mind: why it is lost, what is missing, and the rule that would lose it. */
export function guaranteeNotes(g: Guarantee): string[] {
  if (g.status === 'waived') return [];
  if (g.status === 'lost') return g.reasons;
  return [...g.reasons, 'Enter each grade within 7 days of its date: a grade entered later loses the guarantee.'];
}
