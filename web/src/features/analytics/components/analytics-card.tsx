import { useId, type ReactNode } from 'react';

/**
 * One card of an analytics page: a heading, what it shows, a chart and its numbers. Not a
 * landmark itself: its table is one, under the same name.
 */
export function AnalyticsCard({ title, description, children, wide = false }: { title: string; description?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`analytics-card${wide ? ' analytics-card--wide' : ''}`}>
      <h2 className="analytics-card__title">{title}</h2>
      {description ? <p className="analytics-card__description">{description}</p> : null}
      {children}
    </div>
  );
}

/**
 * A table of an analytics card: named by its caption (shown to screen readers only, the card's
 * heading says the same), and scrollable on its own on a narrow screen.
 */
export function AnalyticsTable({ caption, head, children }: { caption: string; head: readonly string[]; children: ReactNode }) {
  const id = useId();
  return (
    <div className="analytics-table-wrap" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="analytics-table">
        <caption id={id} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            {head.map((label, i) => (
              <th key={label} scope="col" className={i > 0 ? 'analytics-table__number' : undefined}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
