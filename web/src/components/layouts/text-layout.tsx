import type { ReactNode } from 'react';
import './text-layout.css';

export interface TextSection {
  /** the section's anchor: `#{id}` */
  id: string;
  title: string;
  body: ReactNode;
}

export interface TextLayoutProps {
  title: string;
  /** when the text last changed, as an ISO date (`2026-11-21`) */
  updated: string;
  intro: ReactNode;
  sections: readonly TextSection[];
}

function formatDate(isoDate: string): string {
  // UTC both at build time and in the browser, so the prerendered date and the hydrated one agree.
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/**
 * Long-form text (terms, privacy): a readable measure, numbered sections and a table of contents
 * that stays beside the text on wide screens and comes first on narrow ones.
 */
export function TextLayout({ title, updated, intro, sections }: TextLayoutProps) {
  return (
    <article className="text-page">
      <header className="text-page__header">
        <div className="container">
          <h1 className="text-page__title">{title}</h1>
          <p className="text-page__updated">
            Last updated <time dateTime={updated}>{formatDate(updated)}</time>
          </p>
        </div>
      </header>
      <div className="container text-page__body">
        <nav className="toc" aria-labelledby="toc-title">
          <h2 id="toc-title" className="toc__title">
            On this page
          </h2>
          <ol className="toc__list">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="prose">
          <div className="prose__intro">{intro}</div>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="prose__section">
              <h2 id={`${section.id}-title`}>
                <span className="prose__number" aria-hidden="true">
                  {index + 1}.
                </span>{' '}
                {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
