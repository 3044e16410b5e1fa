import { guaranteeView } from '../../../server/domain/gradebooks/guarantee-rules.ts';

const DAY = 24 * 3600_000;
const oneOnOne = (n: number) => Array.from({ length: n }, () => ({ capacity: 1 }));
const groupOfTwo = (n: number) => Array.from({ length: n }, () => ({ capacity: 2 }));
const onTime = (name: string, dueMs: number) => ({ name, dueMs, enteredMs: dueMs + 2 * DAY });

describe('the pass guarantee’s terms (spec 2 §9)', () => {
  it('counts a one-on-one session 60 minutes and a group-of-two one 40, and is eligible from 12 hours', () => {
    expect(guaranteeView({ school: 'university', waived: false, sessions: oneOnOne(9), grades: [] })).toMatchObject({
      status: 'tracking',
      hoursCounted: 9,
      hoursRequired: 12,
      classesRequired: null,
      reasons: ['3 hours more of tutoring (one-on-one sessions count 60 minutes, group-of-two 40).'],
    });
    // 9 one-on-one hours and 4 group-of-two sessions (2.67 hours): not yet.
    expect(guaranteeView({ school: 'university', waived: false, sessions: [...oneOnOne(9), ...groupOfTwo(4)], grades: [] })).toMatchObject({ status: 'tracking', hoursCounted: 11.67 });
    expect(guaranteeView({ school: 'university', waived: false, sessions: [...oneOnOne(10), ...groupOfTwo(3)], grades: [onTime('Final', 1_000 * DAY)] })).toMatchObject({
      status: 'eligible',
      hoursCounted: 12,
      claimOpenUntilMs: 1_000 * DAY + 2 * DAY + 7 * DAY,
      reasons: [],
    });
  });

  it('needs 30 classes for a high-school course', () => {
    const view = guaranteeView({ school: 'highschool', waived: false, sessions: oneOnOne(20), grades: [] });
    expect(view).toMatchObject({ status: 'tracking', classesCounted: 20, classesRequired: 30, reasons: ['10 more classes (a high-school course needs 30).'] });
    expect(guaranteeView({ school: 'highschool', waived: false, sessions: oneOnOne(30), grades: [] }).status).toBe('eligible');
  });

  it('is lost by a grade entered more than 7 days after its date, and waived when the gradebook is', () => {
    const late = { name: 'Quiz 3', dueMs: 100 * DAY, enteredMs: 100 * DAY + 7 * DAY + 1 };
    const justInTime = { name: 'Quiz 2', dueMs: 100 * DAY, enteredMs: 107 * DAY };
    expect(guaranteeView({ school: 'university', waived: false, sessions: oneOnOne(12), grades: [justInTime] }).status).toBe('eligible');
    expect(guaranteeView({ school: 'university', waived: false, sessions: oneOnOne(12), grades: [justInTime, late] })).toMatchObject({
      status: 'lost',
      lateGrades: 1,
      reasons: ['A grade was entered more than 7 days after its date: Quiz 3.'],
    });
    expect(guaranteeView({ school: 'university', waived: true, sessions: oneOnOne(12), grades: [] }).status).toBe('waived');
  });
});
