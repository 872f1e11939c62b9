import { PRODUCT_NAME } from '#shared/product';
import { COMPARISON_ROWS, PEERS, type PeerId, type Source } from '../comparisons';
import './comparison.css';

/** Footnote numbers of a page's sources, in the order the page lists them. */
export type FootnoteNumbers = ReadonlyMap<string, number>;

export function footnoteNumbers(sources: readonly Source[]): FootnoteNumbers {
  return new Map(sources.map((source, index) => [source.id, index + 1]));
}

/** The superscript references of a fact, linking to the page's list of sources. */
export function SourceRefs({ ids, numbers }: { ids: readonly string[] | undefined; numbers: FootnoteNumbers }) {
  if (!ids || ids.length === 0) return null;
  return (
    <sup className="source-refs">
      {ids.map((id) => {
        const number = numbers.get(id);
        if (number === undefined) throw new Error(`source ${id} is cited but not listed on the page`);
        return (
          <a key={id} href={`#source-${id}`} className="source-refs__link">
            <span className="visually-hidden">Source </span>
            {number}
          </a>
        );
      })}
    </sup>
  );
}

export interface ComparisonTableProps {
  peers: readonly PeerId[];
  caption: string;
  numbers: FootnoteNumbers;
}

/**
 * The side-by-side table: a row per topic, Stepcast first. A table wider than the screen scrolls
 * inside its own region, which keyboard users can focus and scroll too.
 */
export function ComparisonTable({ peers, caption, numbers }: ComparisonTableProps) {
  return (
    <div
      className="comparison-scroll"
      role="region"
      aria-label={caption}
      tabIndex={0}
      data-columns={peers.length + 1}
    >
      {/* Explicit roles: the two-column table becomes a grid on phones, and CSS display must not
          strip its table semantics in any browser. */}
      <table className="comparison" role="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <td className="comparison__corner" role="cell" />
            <th scope="col" role="columnheader" className="comparison__us">
              {PRODUCT_NAME}
            </th>
            {peers.map((peer) => (
              <th key={peer} scope="col" role="columnheader">
                {PEERS[peer].name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {COMPARISON_ROWS.map((row) => (
            <tr key={row.topic} role="row">
              <th scope="row" role="rowheader">
                {row.topic}
              </th>
              <td role="cell" className="comparison__us">
                {row.stepcast}
              </td>
              {peers.map((peer) => {
                const fact = row.peers[peer];
                return (
                  <td key={peer} role="cell" className={fact.text === 'Not found' ? 'comparison__none' : undefined}>
                    {fact.text}
                    <SourceRefs ids={fact.sources} numbers={numbers} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The page's numbered sources; each reference above links to its entry here. */
export function SourceList({ sources, headingId }: { sources: readonly Source[]; headingId: string }) {
  return (
    <section className="sources" aria-labelledby={headingId}>
      <h2 id={headingId} className="sources__title">
        Sources
      </h2>
      <p className="sources__note">
        Facts about other products come from their own help centres. Prices and plans change, so check their pages
        before you decide. &ldquo;Not found&rdquo; means we found no source saying so, not that the feature is missing.
      </p>
      <ol className="sources__list">
        {sources.map((source) => (
          <li key={source.id} id={`source-${source.id}`} className="sources__item">
            {source.label}:{' '}
            <a href={source.url} rel="noopener">
              {source.url.replace(/^https:\/\//, '')}
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
