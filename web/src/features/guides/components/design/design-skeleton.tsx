/**
 * The design view's frame while its guide loads: the header, the steps, the stage and the
 * settings as grey blocks where they will be, so the page keeps its shape instead of going blank.
 */
export function DesignSkeleton() {
  return (
    <div className="design design--loading" data-testid="design-skeleton" aria-busy="true">
      <p role="status" className="visually-hidden">
        Loading the guide…
      </p>
      <div className="design__header" data-testid="skeleton-header" aria-hidden="true">
        <span className="skeleton skeleton--title" />
        <span className="skeleton skeleton--actions" />
      </div>
      <div className="design__main" aria-hidden="true">
        <div className="design__rail" data-testid="skeleton-rail">
          {Array.from({ length: 5 }, (_, index) => (
            <span key={index} className="skeleton skeleton--step" />
          ))}
        </div>
        <div className="design__stage" data-testid="skeleton-stage">
          <span className="skeleton skeleton--screenshot" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </div>
        <div className="design__panel" data-testid="skeleton-panel">
          <div className="panel-section">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--field" />
            <span className="skeleton skeleton--field" />
          </div>
        </div>
      </div>
    </div>
  );
}
