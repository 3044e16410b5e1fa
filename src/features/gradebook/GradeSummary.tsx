import type { Grade, GradeCategory } from '../../contract/entities.ts';
import { formatCategory, formatOverall, summarizeGradebook } from '../../lib/grades.ts';
import styles from './gradebook.module.css';

/** Overall percent (rounded down, or ~) and each category's percent (or --) and weight. */
export function GradeSummary({ categories, grades }: { categories: GradeCategory[]; grades: Grade[] }) {
  const summary = summarizeGradebook(categories, grades);
  return (
    <section className={styles.panel} aria-labelledby="summary-title">
      <h2 id="summary-title">Summary</h2>
      <p className={styles.overall} aria-label={`Overall grade ${formatOverall(summary.overall)}`}>
        {formatOverall(summary.overall)}
      </p>
      <ul className={styles.categories}>
        {summary.categories.map(({ category, score }) => (
          <li key={String(category.id)}>
            <span>
              <strong>{category.category_name}</strong> <span className={styles.muted}>worth {category.weight_percent}%</span>
            </span>
            <span>{formatCategory(score)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
