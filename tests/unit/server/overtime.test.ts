import { billableOvertimeMinutes, overtimeCents } from '../../../server/domain/meetings/overtime.ts';

describe('overtime billed for a meeting’s length (spec 2 §9)', () => {
  it.each([
    [60, 0, 0],
    [75, 0, 0],
    [76, 30, 0],
    [89, 30, 0],
    [90, 30, 60],
    [104, 30, 60],
    [105, 60, 60],
    [149, 90, 60],
    [150, 90, 120],
    [180, 120, 120],
  ])('%i minutes: %i extra by the half-hour, %i in whole hours (a session booked with an hour of a package)', (length, byHalfHour, byWholeHour) => {
    expect(billableOvertimeMinutes(length)).toBe(byHalfHour);
    expect(billableOvertimeMinutes(length, true)).toBe(byWholeHour);
  });

  it('prices the extra minutes at the hour’s price', () => {
    expect(overtimeCents(5000, 60)).toBe(5000);
    expect(overtimeCents(5500, 30)).toBe(2750);
  });
});
