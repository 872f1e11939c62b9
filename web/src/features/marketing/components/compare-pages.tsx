import { PRODUCT_NAME } from '#shared/product';
import { Link } from '#web/components/ui/link';
import { paths } from '#web/config/paths';
import { DIFFERENCES, PEER_IDS, PEERS, type PeerId } from '../comparisons';
import { CallToAction } from './call-to-action';
import { ComparisonTable, footnoteNumbers, SourceList, SourceRefs, type FootnoteNumbers } from './comparison';
import './marketing.css';
import './comparison.css';

function Differences({ numbers }: { numbers: FootnoteNumbers }) {
  return (
    <section className="compare-section" aria-labelledby="differences-title">
      <h2 id="differences-title" className="compare-section__title">
        What {PRODUCT_NAME} does differently
      </h2>
      <ul role="list" className="differences">
        {DIFFERENCES.map((point) => (
          <li key={point.title} className="differences__item">
            <h3 className="differences__title">{point.title}</h3>
            <p>
              {point.body}
              <SourceRefs ids={point.sources} numbers={numbers} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PageHeader({ eyebrow, title, lead }: { eyebrow: string; title: string; lead: string }) {
  return (
    <header className="page-header">
      <div className="container">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="page-header__title">{title}</h1>
        <p className="page-header__lead">{lead}</p>
      </div>
    </header>
  );
}

/** /compare: all four side by side, then a page per peer. */
export function CompareIndex({ trialHref }: { trialHref: string }) {
  const sources = PEER_IDS.flatMap((id) => PEERS[id].sources);
  const numbers = footnoteNumbers(sources);
  return (
    <>
      <PageHeader
        eyebrow="Compare"
        title={`${PRODUCT_NAME}, Scribe, Loom and Guidde`}
        lead="Four ways to show someone how a piece of software works. Here is what each one does, what it costs and where it is the better pick, with a source for every fact about the others."
      />
      <div className="container compare-body">
        <ul role="list" className="peer-cards">
          {PEER_IDS.map((id) => (
            <li key={id} className="peer-card">
              <h2 className="peer-card__title">
                <Link to={PEERS[id].href} className="peer-card__link">
                  {PRODUCT_NAME} vs {PEERS[id].name}
                </Link>
              </h2>
              <p className="peer-card__summary">{PEERS[id].summary}</p>
              <span className="peer-card__more" aria-hidden="true">
                Read the comparison →
              </span>
            </li>
          ))}
        </ul>
        <section className="compare-section" aria-labelledby="table-title">
          <h2 id="table-title" className="compare-section__title">
            Side by side
          </h2>
          <p className="comparison-hint">Scroll the table sideways to see all four.</p>
          <ComparisonTable peers={PEER_IDS} caption={`${PRODUCT_NAME}, Scribe, Loom and Guidde compared`} numbers={numbers} />
        </section>
        <Differences numbers={numbers} />
        <SourceList sources={sources} headingId="sources-title" />
      </div>
      <CallToAction trialHref={trialHref} />
    </>
  );
}

/** /compare/{peer}-alternative: Stepcast and one peer, and where the peer is the better fit. */
export function AlternativePage({ peerId, trialHref }: { peerId: PeerId; trialHref: string }) {
  const peer = PEERS[peerId];
  // This peer's sources, then those of other peers that 'What Stepcast does differently' cites.
  const cited = new Set(DIFFERENCES.flatMap((point) => point.sources ?? []));
  const sources = [
    ...peer.sources,
    ...PEER_IDS.filter((id) => id !== peerId).flatMap((id) => PEERS[id].sources.filter((source) => cited.has(source.id))),
  ];
  const numbers = footnoteNumbers(sources);
  const others = PEER_IDS.filter((id) => id !== peerId);
  return (
    <>
      <PageHeader
        eyebrow={`${peer.name} alternative`}
        title={`${PRODUCT_NAME} vs ${peer.name}`}
        lead={peer.intro}
      />
      <div className="container compare-body">
        <section className="compare-section" aria-labelledby="table-title">
          <h2 id="table-title" className="compare-section__title">
            Side by side
          </h2>
          <ComparisonTable peers={[peerId]} caption={`${PRODUCT_NAME} and ${peer.name} compared`} numbers={numbers} />
        </section>
        <section className="compare-section" aria-labelledby="strengths-title">
          <h2 id="strengths-title" className="compare-section__title">
            Where {peer.name} is stronger
          </h2>
          <ul className="strengths">
            {peer.strengths.map((strength) => (
              <li key={strength.text}>
                {strength.text}
                <SourceRefs ids={strength.sources} numbers={numbers} />
              </li>
            ))}
          </ul>
        </section>
        <Differences numbers={numbers} />
        <SourceList sources={sources} headingId="sources-title" />
        <nav className="compare-others" aria-label="Other comparisons">
          <h2 className="compare-others__title">Other comparisons</h2>
          <ul role="list" className="compare-others__list">
            {others.map((id) => (
              <li key={id}>
                <Link to={PEERS[id].href}>
                  {PRODUCT_NAME} vs {PEERS[id].name}
                </Link>
              </li>
            ))}
            <li>
              <Link to={paths.compare.getHref()}>All four side by side</Link>
            </li>
          </ul>
        </nav>
      </div>
      <CallToAction trialHref={trialHref} />
    </>
  );
}
