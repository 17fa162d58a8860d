import { useId } from "react";
import type { DailyFigure } from "#app/lib/analytics";

const number = (value: number) => value.toLocaleString("en-US");

/** "20 Nov": a day of the chart as a person reads it. */
export function dayLabel(day: string) {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

const monthOf = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { month: "short", timeZone: "UTC" });

/**
 * A bar per day, each with its figure above it and its day of the month below (the month under
 * each 1st, and under the first day unless the 1st is next); bars keep a readable width (1rem) and scroll sideways in a narrow box.
 * Screen readers get the same figures as a table named by `title`.
 */
export function AnalyticsDailyBars({
  title,
  period,
  daily,
  pick,
  unit,
}: {
  title: string;
  /** "last 30 days": shown beside the title. */
  period: string;
  daily: DailyFigure[];
  pick: (figure: DailyFigure) => number;
  /** What one counts: "views", "visitors". */
  unit: string;
}) {
  const headingId = useId();
  const max = Math.max(1, ...daily.map(pick));
  return (
    <section className="min-w-0 rounded-xl border border-border p-5" aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold">
        {title} <span className="font-normal text-muted-foreground">· {period}</span>
      </h2>
      <div className="mt-4 overflow-x-auto" aria-hidden>
        <ol className="flex h-48 items-stretch gap-0.5" style={{ minWidth: `${daily.length}rem` }}>
          {daily.map((figure) => {
            const value = pick(figure);
            return (
              <li
                key={figure.day}
                className="flex min-w-0 flex-1 flex-col items-center justify-end"
                title={`${dayLabel(figure.day)}: ${number(value)} ${unit}`}
              >
                <span className="mb-1 rotate-180 text-[10px] leading-none text-muted-foreground tabular-nums [writing-mode:vertical-rl]">{number(value)}</span>
                <span className="block w-full rounded-t bg-accent" style={{ height: `calc((100% - 3rem) * ${value / max})`, minHeight: value > 0 ? 2 : 0 }} />
              </li>
            );
          })}
        </ol>
        <ol className="mt-1 flex gap-0.5 text-[10px] leading-tight text-muted-foreground tabular-nums" style={{ minWidth: `${daily.length}rem` }}>
          {daily.map((figure, index) => (
            <li key={figure.day} className="min-w-0 flex-1 text-center">
              <span className="block">{Number(figure.day.slice(8))}</span>
              {((index === 0 && !daily[1]?.day.endsWith("-01")) || figure.day.endsWith("-01")) && <span className="block">{monthOf(figure.day)}</span>}
            </li>
          ))}
        </ol>
      </div>
      <table className="sr-only">
        <caption>{`${title}, ${period}`}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{unit[0]!.toUpperCase() + unit.slice(1)}</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((figure) => (
            <tr key={figure.day}>
              <th scope="row">{dayLabel(figure.day)}</th>
              <td>{number(pick(figure))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
