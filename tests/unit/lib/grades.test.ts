import { describe, expect, it } from 'vitest';
import type { GradeCategory } from '../../../src/contract/entities.ts';
import {
  categoryScore,
  formatCategory,
  formatOverall,
  gradePercent,
  keptGrades,
  summarizeGradebook,
  toHundredths,
  weightsAreComplete,
} from '../../../src/lib/grades.ts';

const g = (earned: number, total: number, category: number = 1) => ({
  grade_category: category,
  points_recieved_hundreths: Math.round(earned * 100),
  points_total_hundreths: Math.round(total * 100),
});
const cat = (id: number, weight: number, drops = 0): GradeCategory => ({ id, category_name: `C${id}`, weight_percent: weight, drops });

describe('keptGrades', () => {
  it('drops the lowest ratios', () => {
    const kept = keptGrades([g(5, 10), g(9, 10), g(1, 10)], 1);
    expect(kept.map((x) => x.points_recieved_hundreths)).toEqual([500, 900]);
  });

  it('always keeps one grade when drops exceed the grades', () => {
    expect(keptGrades([g(5, 10), g(9, 10)], 5).map((x) => x.points_recieved_hundreths)).toEqual([900]);
    expect(keptGrades([g(5, 10)], 3)).toHaveLength(1);
    expect(keptGrades([], 2)).toEqual([]);
  });
});

describe('categoryScore', () => {
  it('is earned over total of the kept grades, not the mean of ratios', () => {
    expect(categoryScore([g(1, 2), g(10, 10)], 0)).toBeCloseTo(11 / 12);
  });

  it('is null without grades', () => {
    expect(categoryScore([], 0)).toBeNull();
  });
});

describe('summarizeGradebook', () => {
  it('weights the categories that have grades and leaves out the ones without', () => {
    const summary = summarizeGradebook([cat(1, 40), cat(2, 60)], [g(8, 10, 1)]);
    expect(summary.overall).toBeCloseTo(0.8);
    expect(summary.categories.map((c) => c.score)).toEqual([0.8, null]);
  });

  it('averages by weight', () => {
    const summary = summarizeGradebook([cat(1, 25), cat(2, 75)], [g(10, 10, 1), g(50, 100, 2)]);
    expect(summary.overall).toBeCloseTo(0.25 * 1 + 0.75 * 0.5);
  });

  it('is undefined with no grades at all, or only zero-weight categories graded', () => {
    expect(summarizeGradebook([cat(1, 100)], []).overall).toBeNull();
    expect(summarizeGradebook([], []).overall).toBeNull();
    expect(summarizeGradebook([cat(1, 0), cat(2, 100)], [g(5, 10, 1)]).overall).toBeNull();
  });

  it('ignores a zero-weight category next to weighted ones', () => {
    expect(summarizeGradebook([cat(1, 0), cat(2, 100)], [g(0, 10, 1), g(9, 10, 2)]).overall).toBeCloseTo(0.9);
  });

  it('matches grades to categories by id as strings', () => {
    const summary = summarizeGradebook([{ ...cat(1, 100), id: '1' }], [g(3, 4, 1)]);
    expect(summary.overall).toBeCloseTo(0.75);
  });

  it('applies drops per category', () => {
    const summary = summarizeGradebook([cat(1, 100, 1)], [g(0, 10, 1), g(9, 10, 1)]);
    expect(summary.overall).toBeCloseTo(0.9);
  });
});

describe('formatting', () => {
  it('rounds the overall down, or shows ~ when undefined', () => {
    expect(formatOverall(0.8999)).toBe('89%');
    expect(formatOverall(0.57)).toBe('57%');
    expect(formatOverall(1)).toBe('100%');
    expect(formatOverall(null)).toBe('~');
  });

  it('shows -- for a category without grades', () => {
    expect(formatCategory(null)).toBe('--');
    expect(formatCategory(0.755)).toBe('75%');
  });

  it('works in hundredths', () => {
    expect(toHundredths('12.5')).toBe(1250);
    expect(toHundredths('0.01')).toBe(1);
    expect(Number.isNaN(toHundredths(''))).toBe(true);
    expect(Number.isNaN(toHundredths('abc'))).toBe(true);
    expect(gradePercent({ points_recieved_hundreths: 1999, points_total_hundreths: 2000 })).toBe('99%');
  });
});

describe('weightsAreComplete', () => {
  it('needs at least one category and weights from 98 to 101 inclusive', () => {
    expect(weightsAreComplete([])).toBe(false);
    expect(weightsAreComplete([{ weight_percent: 97 }])).toBe(false);
    expect(weightsAreComplete([{ weight_percent: 98 }])).toBe(true);
    expect(weightsAreComplete([{ weight_percent: 33.4 }, { weight_percent: 33.3 }, { weight_percent: 33.3 }])).toBe(true);
    expect(weightsAreComplete([{ weight_percent: 60 }, { weight_percent: 41 }])).toBe(true);
    expect(weightsAreComplete([{ weight_percent: 60 }, { weight_percent: 41.5 }])).toBe(false);
  });
});
