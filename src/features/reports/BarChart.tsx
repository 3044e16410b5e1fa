import { BarChart as ChartistBar, type BarChartOptions } from 'chartist';
import { useEffect, useRef } from 'react';
import styles from './chart.module.css';

/**
 * A bar chart drawn by Chartist (decision 017: the smallest maintained library that draws grouped
 * and horizontal bars, about 8 KB gzip). This module is the screen's only import of it, loaded as
 * a chunk of its own when the Reports screen first shows a chart, so no other screen carries it.
 *
 * The chart is a picture of its table: the figure is named by its title and says that the table
 * below holds its numbers, which is how a screen reader reads them. Series differ by pattern as
 * well as colour (the second is striped), and the legend shows both.
 */
export interface ChartSeries {
  name: string;
  values: number[];
}

export interface BarChartProps {
  /** The figure's title, also its accessible name. */
  title: string;
  /** One per bar or group of bars. */
  labels: string[];
  /** One or two series; two are drawn side by side, the second striped. */
  series: ChartSeries[];
  /** Bars left to right (categories down the side): for long names such as courses. */
  horizontal?: boolean;
  /** How the value axis writes a number ('$1,200', '12 h'). */
  formatValue?: (value: number) => string;
  /** Whole numbers only on the value axis (counts). */
  wholeNumbers?: boolean;
}

/** At most this many category labels along the bottom: a year of weeks would overlap at 360 px. */
const MAX_BOTTOM_LABELS = 8;

export function BarChart({ title, labels, series, horizontal = false, formatValue = String, wholeNumbers = false }: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const every = Math.ceil(labels.length / MAX_BOTTOM_LABELS);
    const valueAxis = { onlyInteger: wholeNumbers, low: 0, labelInterpolationFnc: (value: string | number) => formatValue(Number(value)) };
    const categoryAxis = {
      showGrid: false,
      // Every n-th label when there are many weeks; the table names each one.
      labelInterpolationFnc: (value: string | number, index: number) => (horizontal || index % every === 0 ? String(value) : null),
    };
    const options: BarChartOptions = {
      height: horizontal ? `${Math.max(120, labels.length * 36 + 40)}px` : '220px',
      horizontalBars: horizontal,
      // Bars are placed side by side by the draw handler below, at a width that fits the chart.
      seriesBarDistance: 0,
      chartPadding: { top: 12, right: 16, bottom: 4, left: 4 },
      axisX: horizontal ? valueAxis : categoryAxis,
      axisY: horizontal ? { ...categoryAxis, offset: 110 } : { ...valueAxis, offset: 56 },
    };
    const chart = new ChartistBar(element, { labels, series: series.map((s, i) => ({ name: s.name, data: s.values, className: i === 0 ? styles.first : styles.second })) }, options);
    chart.on('draw', (event) => {
      if (event.type !== 'bar') return;
      // A group of bars takes 70% of its step, each bar at most 18 px: a year of weeks fits 360 px.
      const step = (horizontal ? event.axisY : event.axisX) as unknown as { stepLength: number };
      const width = Math.max(2, Math.min(18, (step.stepLength * 0.7) / series.length));
      const shift = (event.seriesIndex - (series.length - 1) / 2) * width;
      const across = horizontal ? { y1: event.y1 + shift, y2: event.y2 + shift } : { x1: event.x1 + shift, x2: event.x2 + shift };
      event.element.attr({ ...across, style: `stroke-width: ${width}px` });
    });
    // The picture is one image named by the figure; its axis labels are not read out one by one.
    chart.on('created', () => element.querySelector('svg')?.setAttribute('aria-hidden', 'true'));
    return () => {
      chart.detach();
    };
  }, [labels, series, horizontal, formatValue, wholeNumbers]);

  return (
    <figure className={styles.figure}>
      <figcaption className={styles.title}>{title}</figcaption>
      {series.length > 1 && (
        <ul className={styles.legend}>
          {series.map((s, i) => (
            <li key={s.name}>
              <span className={`${styles.swatch} ${i === 0 ? styles.swatchFirst : styles.swatchSecond}`} aria-hidden="true" />
              {s.name}
              {i === 1 && <span className="visually-hidden"> (striped bars)</span>}
            </li>
          ))}
        </ul>
      )}
      <div ref={box} className={styles.chart} role="img" aria-label={`${title}: bar chart. The table below lists the same numbers.`} />
    </figure>
  );
}
