import type { Grade, GradeCategory } from '../contract/entities.ts';

/**
 * Grade math of spec 2 §5, the one place every screen gets a percent from.
 * Scores are ratios (0.875 = 87.5 %); points arrive in hundredths, which cancel out in a ratio.
 */

type Points = Pick<Grade, 'points_recieved_hundreths' | 'points_total_hundreths'>;

function ratio(grade: Points): number {
  return grade.points_recieved_hundreths / grade.points_total_hundreths;
}

/** The grades that count: sorted by ratio ascending, the lowest `drops` dropped, at least one kept. */
export function keptGrades<G extends Points>(grades: G[], drops: number): G[] {
  const sorted = [...grades].sort((a, b) => ratio(a) - ratio(b));
  const dropped = Math.max(0, Math.min(Math.floor(drops), sorted.length - 1));
  return sorted.slice(dropped);
}

/** Earned over total of the kept grades, or null when the category has no grades. */
export function categoryScore(grades: Points[], drops: number): number | null {
  const kept = keptGrades(grades, drops);
  if (kept.length === 0) return null;
  const total = kept.reduce((sum, g) => sum + g.points_total_hundreths, 0);
  if (total <= 0) return null;
  return kept.reduce((sum, g) => sum + g.points_recieved_hundreths, 0) / total;
}

export interface CategorySummary {
  category: GradeCategory;
  score: number | null;
}

export interface GradebookSummary {
  /** Weighted average over the categories that have grades; null when undefined. */
  overall: number | null;
  categories: CategorySummary[];
}

export function summarizeGradebook(
  categories: GradeCategory[],
  grades: Pick<Grade, 'grade_category' | 'points_recieved_hundreths' | 'points_total_hundreths'>[],
): GradebookSummary {
  const summaries = categories.map((category) => ({
    category,
    score: categoryScore(
      grades.filter((g) => String(g.grade_category) === String(category.id)),
      category.drops,
    ),
  }));
  let weighted = 0;
  let weights = 0;
  for (const { category, score } of summaries) {
    if (score === null) continue;
    weighted += score * category.weight_percent;
    weights += category.weight_percent;
  }
  return { overall: weights > 0 ? weighted / weights : null, categories: summaries };
}

/** The overall percent as shown: rounded down, or "~" when undefined. */
export function formatOverall(score: number | null): string {
  return score === null ? '~' : `${Math.floor(score * 100 + 1e-9)}%`;
}

/** A category's percent as shown: rounded down, or "--" without grades. */
export function formatCategory(score: number | null): string {
  return score === null ? '--' : `${Math.floor(score * 100 + 1e-9)}%`;
}

/** A single grade's percent, rounded down. */
export function gradePercent(grade: Points): string {
  return formatCategory(grade.points_total_hundreths > 0 ? ratio(grade) : null);
}

/** Setup is done when at least one category exists and the weights sum to 98–101 inclusive. */
export function weightsAreComplete(categories: Pick<GradeCategory, 'weight_percent'>[]): boolean {
  const sum = categories.reduce((total, c) => total + c.weight_percent, 0);
  return categories.length > 0 && sum >= 98 && sum <= 101;
}

/** "12.5" → 1250 hundredths; NaN when the text is not a number. */
export function toHundredths(text: string): number {
  const value = text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(value) ? Math.round(value * 100) : NaN;
}

export function fromHundredths(hundredths: number): string {
  return String(hundredths / 100);
}
