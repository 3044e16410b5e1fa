import { describe, expect, it } from 'vitest';
import type { Guarantee } from '../../../src/contract/entities.ts';
import { guaranteeLine, guaranteeNotes } from '../../../src/features/gradebook/guarantee-words.ts';

const tracking: Guarantee = {
  status: 'tracking',
  hours_counted: 9,
  hours_required: 12,
  classes_counted: 9,
  classes_required: null,
  late_grades: 0,
  claim_open_until: null,
  reasons: ['3 hours more of tutoring (one-on-one sessions count 60 minutes, group-of-two 40).'],
};

describe('the gradebook’s guarantee line', () => {
  it('tells the progress, and the rule that would lose it before it happens', () => {
    expect(guaranteeLine(tracking)).toBe('Guarantee: 9 of 12 hours · every grade entered on time');
    expect(guaranteeNotes(tracking)).toEqual([tracking.reasons[0], 'Enter each grade within 7 days of its date: a grade entered later loses the guarantee.']);
    expect(guaranteeLine({ ...tracking, hours_counted: 11.666, classes_required: 30, classes_counted: 17 })).toBe('Guarantee: 11.67 of 12 hours · 17 of 30 classes · every grade entered on time');
    expect(guaranteeLine({ ...tracking, status: 'eligible', hours_counted: 14, reasons: [] })).toBe('Guarantee (eligible): 12 of 12 hours · every grade entered on time');
  });

  it('says why it is lost, and that it was waived', () => {
    const lost = { ...tracking, status: 'lost' as const, late_grades: 1, reasons: ['A grade was entered more than 7 days after its date: Quiz 4.'] };
    expect(guaranteeLine(lost)).toBe('Guarantee: lost');
    expect(guaranteeNotes(lost)).toEqual(lost.reasons);
    expect(guaranteeLine({ ...tracking, status: 'waived' })).toBe('Guarantee: waived for this course');
    expect(guaranteeNotes({ ...tracking, status: 'waived' })).toEqual([]);
  });
});
