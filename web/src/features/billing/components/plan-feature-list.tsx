import { PRO_PLAN } from '#shared/plan';

/** The plan's features in two columns, 'soon' ones marked (product-spec.md §2). */
export function PlanFeatureList() {
  return (
    <ul role="list" className="plan-features" aria-label={`${PRO_PLAN.name} features`}>
      {PRO_PLAN.features.map((feature) => {
        const soon = 'soon' in feature && feature.soon;
        return (
          <li key={feature.label} className="plan-features__item" data-soon={soon || undefined}>
            <svg viewBox="0 0 20 20" aria-hidden="true" className="plan-features__check">
              <circle cx="10" cy="10" r="9" />
              <path d="m6.2 10.3 2.5 2.5 5-5.1" />
            </svg>
            <span>
              {feature.label}
              {soon ? <span className="plan-features__soon"> (soon)</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
