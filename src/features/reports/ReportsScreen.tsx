import { type ReactNode, Suspense, useId, useMemo, useState } from 'react';
import { getReport } from '../../api/reports.ts';
import { site } from '../../config/site.ts';
import type { Report } from '../../contract/entities.ts';
import { downloadCsv } from '../../lib/csv-file.ts';
import { formatHours } from '../../lib/hours.ts';
import { useMoment } from '../../lib/moment.ts';
import { dayInZone, formatDayRange } from '../../lib/site-days.ts';
import { Button } from '../../ui/Button.tsx';
import { DateRangeFields } from '../../ui/DateRangeFields.tsx';
import { FailureBoundary } from '../../ui/FailureBoundary.tsx';
import { lazyChunk } from '../../ui/lazy-chunk.ts';
import { Loader } from '../../ui/Loader.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { useAddressSearch } from '../../ui/use-address-search.ts';
import { useRead } from '../../ui/use-read.ts';
import type { BarChartProps } from './BarChart.tsx';
import {
  chartWeekLabel,
  courseLabel,
  coursesCsv,
  CUSTOMER_KINDS,
  customersCsv,
  dollars,
  formatMoney,
  formatUtilisation,
  hoursCsv,
  isEmptyReport,
  packageRows,
  refundRateLine,
  type ReportFile,
  reportFileName,
  revenueCsv,
  utilisation,
  weekLabel,
} from './report-model.ts';
import { choiceFromSearch, choiceSearch, type Days, type PeriodChoice, type PeriodPreset, periodDays, periodProblem, PRESETS } from './report-period.ts';
import styles from './reports.module.css';

// The charting library comes with the charts, a chunk of its own: no other screen fetches it.
const BarChart = lazyChunk(() => import('./BarChart.tsx').then((m) => ({ default: m.BarChart })));

/**
 * Reports (issue 25, supervisors): for a period (a preset or chosen days, kept in the address), the
 * money per week (the billing report's figures), offered and booked hours per week, sessions by
 * course and new and returning customers; each as a chart, a table with the same numbers and a
 * CSV file.
 */
export function ReportsScreen({ onDenied }: { onDenied: () => void }) {
  const titleId = useId();
  const today = dayInZone(useMoment().nowMs, site.timeZone);
  const [choice, setChoice] = useState<PeriodChoice>(() => choiceFromSearch(typeof window === 'undefined' ? '' : window.location.search));
  const days = periodDays(choice, today);
  const problem = periodProblem(days);

  // The period lives in the address: a reload, or Back from another screen, shows it again.
  useAddressSearch(choiceSearch(choice));

  const { from, to } = days;
  // Another period's figures show dimmed until its own come (`keep`); a period that is not one reads
  // nothing, and its fix shows the loader rather than the last period's figures.
  const { state: load, reload } = useRead<Report>(problem ? null : () => getReport(from, to), [from, to, problem], { keep: true, onDenied });

  return (
    <section aria-labelledby={titleId} className={styles.screen}>
      <h1 id={titleId}>Reports</h1>
      <PeriodPicker choice={choice} days={days} problem={problem} onChange={setChoice} />
      {problem ? null : load.status === 'loading' ? (
        <Loader text="Loading the reports…" />
      ) : load.status === 'error' ? (
        <LoadError message={load.message} onRetry={reload} />
      ) : (
        <div className={styles.report} aria-busy={load.refreshing || undefined}>
          {isEmptyReport(load.data) ? (
            <p className={styles.empty}>Nothing was offered, booked or paid in this period.</p>
          ) : (
            <>
              <RevenueSection report={load.data} />
              <HoursSection report={load.data} />
              <CoursesSection report={load.data} />
              <CustomersSection report={load.data} />
              <PackagesSection report={load.data} />
              <GuaranteeSection report={load.data} />
            </>
          )}
        </div>
      )}
    </section>
  );
}

function PeriodPicker({ choice, days, problem, onChange }: { choice: PeriodChoice; days: Days; problem: string | null; onChange: (choice: PeriodChoice) => void }) {
  const problemId = useId();
  const pick = (preset: PeriodPreset) =>
    // Custom starts from the days shown, to be changed from there.
    onChange(preset === 'custom' ? { preset, from: days.from, to: days.to } : { preset });
  const setDay = (field: 'from' | 'to', value: string) => onChange({ preset: 'custom', from: days.from, to: days.to, [field]: value });
  return (
    <div className={styles.period}>
      <fieldset className={styles.presets}>
        <legend className={styles.label}>Period</legend>
        <div className={styles.presetChoices}>
          {PRESETS.map((preset) => (
            <label key={preset.value} className={styles.preset}>
              <input type="radio" name="report-period" value={preset.value} checked={choice.preset === preset.value} onChange={() => pick(preset.value)} />
              {preset.label}
            </label>
          ))}
        </div>
      </fieldset>
      {choice.preset === 'custom' && <DateRangeFields from={choice.from} to={choice.to} onChange={setDay} invalid={problem !== null} problemId={problemId} />}
      {problem ? (
        <p id={problemId} role="alert" className={styles.problem}>
          {problem}
        </p>
      ) : (
        <p className={styles.shown} aria-live="polite">
          <span className="visually-hidden">Showing </span>
          {formatDayRange(days.from, days.to)}
        </p>
      )}
    </div>
  );
}

/**
 * A chart from the chart chunk: its title stands while it loads, and a chunk that fails says so
 * with Retry. Plain Suspense: charts show only in the browser, once the report's answer has come,
 * so the server's render never reaches one (ChunkSuspense's concern).
 */
function Chart(props: BarChartProps) {
  return (
    <FailureBoundary where="report chart">
      <Suspense fallback={<p className={styles.chartLoading}>Loading the chart “{props.title}”…</p>}>
        <BarChart {...props} />
      </Suspense>
    </FailureBoundary>
  );
}

function Download({ report, file, what }: { report: Report; file: ReportFile; what: string }) {
  const make = { revenue: revenueCsv, hours: hoursCsv, courses: coursesCsv, customers: customersCsv }[file];
  return (
    <div className={styles.downloads}>
      <Button variant="secondary" thin onClick={() => downloadCsv(reportFileName(report, file), make(report))}>
        Download CSV: {what}
      </Button>
    </div>
  );
}

interface FigureRow {
  key: string;
  header: ReactNode;
  /** A week's row: its header is styled as a week. */
  week?: boolean;
  cells: ReactNode[];
}

/** The table under a chart: the same figures, a row each, with their totals. */
function FigureTable({ caption, headers, rows, totals }: { caption: string; headers: string[]; rows: FigureRow[]; totals: ReactNode[] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={row.week ? styles.week : undefined}>
                {row.header}
              </th>
              {row.cells.map((cell, i) => (
                <td key={headers[i + 1]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {totals.map((cell, i) => (
              <td key={headers[i + 1]}>{cell}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

type MoneyFigures = Pick<Report['totals'], 'charged_cents' | 'refunded_cents' | 'refund_pending_cents' | 'scheduled_cents' | 'failed_cents'>;
const moneyCells = (f: MoneyFigures) => [f.charged_cents, f.refunded_cents, f.refund_pending_cents, f.scheduled_cents, f.failed_cents].map(formatMoney);

type HourFigures = Pick<Report['totals'], 'offered_minutes' | 'booked_minutes'>;
const hourCells = (f: HourFigures) => [formatHours(f.offered_minutes), formatHours(f.booked_minutes), formatUtilisation(utilisation(f.booked_minutes, f.offered_minutes))];

const dollarAxis = (value: number) => `$${value.toLocaleString('en-US')}`;
const hourAxis = (value: number) => `${value} h`;

function RevenueSection({ report }: { report: Report }) {
  const headingId = useId();
  const labels = useMemo(() => report.weeks.map(chartWeekLabel), [report]);
  const series = useMemo(
    () => [
      { name: 'Charged', values: report.weeks.map((w) => Number(dollars(w.charged_cents))) },
      { name: 'Refunded', values: report.weeks.map((w) => Number(dollars(w.refunded_cents))) },
    ],
    [report],
  );
  const t = report.totals;
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>Revenue and refunds</h2>
      <Chart title="Charged and refunded per week, in dollars" labels={labels} series={series} formatValue={dollarAxis} />
      <FigureTable
        caption="Revenue and refunds per week"
        headers={['Week', 'Charged', 'Refunded', 'Refund pending', 'Scheduled', 'Failed']}
        rows={report.weeks.map((w) => ({ key: w.first_day, header: weekLabel(w), week: true, cells: moneyCells(w) }))}
        totals={moneyCells(t)}
      />
      <p className={styles.note}>
        For the sessions that start in these days ({report.time_zone} time). Refunded includes refunds still pending; scheduled are later weekly charges and
        charges in flight. The totals are the billing report&apos;s:{' '}
        <code>
          npm run billing:report -- --from {report.first_day} --to {report.last_day} --zone {report.time_zone}
        </code>
      </p>
      <Download report={report} file="revenue" what="revenue and refunds" />
    </section>
  );
}

function HoursSection({ report }: { report: Report }) {
  const headingId = useId();
  const labels = useMemo(() => report.weeks.map(chartWeekLabel), [report]);
  const series = useMemo(
    () => [
      { name: 'Offered hours', values: report.weeks.map((w) => Number(formatHours(w.offered_minutes))) },
      { name: 'Booked hours', values: report.weeks.map((w) => Number(formatHours(w.booked_minutes))) },
    ],
    [report],
  );
  const t = report.totals;
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>Booked and offered hours</h2>
      <Chart title="Offered and booked hours per week" labels={labels} series={series} formatValue={hourAxis} />
      <FigureTable
        caption="Utilisation per week"
        headers={['Week', 'Offered hours', 'Booked hours', 'Utilisation']}
        rows={report.weeks.map((w) => ({ key: w.first_day, header: weekLabel(w), week: true, cells: hourCells(w) }))}
        totals={hourCells(t)}
      />
      <p className={styles.note}>Offered: the hours tutors published, booked or not (hours taken back are not counted). Booked: those someone paid for or is scheduled to pay for.</p>
      <Download report={report} file="hours" what="booked and offered hours" />
    </section>
  );
}

function CoursesSection({ report }: { report: Report }) {
  const headingId = useId();
  const labels = useMemo(() => report.courses.map((c) => c.course_number || 'No course'), [report]);
  const series = useMemo(() => [{ name: 'Sessions', values: report.courses.map((c) => c.sessions) }], [report]);
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>Sessions by course</h2>
      {report.courses.length === 0 ? (
        <p className={styles.muted}>No session was booked in this period.</p>
      ) : (
        <>
          <Chart title="Booked sessions per course" labels={labels} series={series} horizontal wholeNumbers />
          <FigureTable
            caption="Sessions by course"
            headers={['Course', 'Sessions', 'Hours']}
            rows={report.courses.map((c) => ({ key: String(c.course_id), header: courseLabel(c), cells: [c.sessions, formatHours(c.minutes)] }))}
            totals={[report.courses.reduce((sum, c) => sum + c.sessions, 0), formatHours(report.courses.reduce((sum, c) => sum + c.minutes, 0))]}
          />
          <Download report={report} file="courses" what="sessions by course" />
        </>
      )}
    </section>
  );
}

function CustomersSection({ report }: { report: Report }) {
  const headingId = useId();
  const labels = useMemo(() => CUSTOMER_KINDS.map((kind) => kind.label), []);
  const series = useMemo(() => [{ name: 'Customers', values: CUSTOMER_KINDS.map((kind) => report.customers[kind.key]) }], [report]);
  const total = report.customers.new + report.customers.returning;
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>New and returning customers</h2>
      {total === 0 ? (
        <p className={styles.muted}>No customer paid for a session in this period.</p>
      ) : (
        <>
          <Chart title="New and returning customers" labels={labels} series={series} horizontal wholeNumbers />
          <FigureTable
            caption="New and returning customers"
            headers={['Customers', 'Count']}
            rows={CUSTOMER_KINDS.map((kind) => ({
              key: kind.key,
              header: (
                <>
                  {kind.label} <span className={styles.muted}>({kind.help})</span>
                </>
              ),
              cells: [report.customers[kind.key]],
            }))}
            totals={[total]}
          />
          <p className={styles.note}>Customers with a paid session in the period; new when it is their first paid session ever.</p>
          <Download report={report} file="customers" what="new and returning customers" />
        </>
      )}
    </section>
  );
}

/** Hour packages in the period: sold, used, expired, refunded, and what is owed at its end (the billing report's figures). */
function PackagesSection({ report }: { report: Report }) {
  const headingId = useId();
  const rows = packageRows(report.packages);
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>Hour packages</h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>Hour packages in the period</caption>
          <thead>
            <tr>
              <th scope="col">Hours</th>
              <th scope="col">Count</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  {row.label} <span className={styles.muted}>({row.help})</span>
                </th>
                <td>{row.hours === null ? '' : row.hours}</td>
                <td>{formatMoney(row.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.note}>An hour is worth its purchase's price over all its hours, bonus hours included; bonus hours are never refunded as money. The same figures as npm run billing:report for these days.</p>
    </section>
  );
}

/** The pass guarantee in the period: claims made and decided, what was refunded, and the refund rate. */
function GuaranteeSection({ report }: { report: Report }) {
  const headingId = useId();
  const g = report.guarantee;
  const rows = [
    { key: 'claims', label: 'Claims made', value: String(g.claims) },
    { key: 'approved', label: 'Approved', value: String(g.approved) },
    { key: 'declined', label: 'Declined', value: String(g.declined) },
    { key: 'refunded', label: 'Refunded for approved claims', value: formatMoney(g.refunded_cents) },
  ];
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>Pass guarantee</h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>Pass guarantee claims in the period</caption>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.note}>{refundRateLine(g)}</p>
    </section>
  );
}
