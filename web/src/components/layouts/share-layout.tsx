import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '#shared/product';
import { paths } from '#web/config/paths';
import { Logo } from '../brand/logo';
import { buttonClassName } from '../ui/button';
import { Link } from '../ui/link';
import './share-layout.css';

/** The bar's words, in the language the guide is shown in (English by default). */
export interface ShareLayoutWords {
  skipToContent: string;
  createYourOwn: string;
  /** `{product}` */
  home: string;
}

const ENGLISH_WORDS: ShareLayoutWords = { skipToContent: 'Skip to content', createYourOwn: 'Create your own guide', home: '{product} home' };

/** A shared guide's page: the guide first, a slim bar that says where it comes from. */
export function ShareLayout({ children, words = ENGLISH_WORDS }: { children: ReactNode; words?: ShareLayoutWords }) {
  return (
    <>
      <a className="skip-link" href="#main">
        {words.skipToContent}
      </a>
      <header className="share-header">
        <div className="share-header__inner">
          <Link to={paths.home.getHref()} className="share-header__brand" aria-label={words.home.replace('{product}', PRODUCT_NAME)}>
            <Logo />
          </Link>
          <Link to={paths.home.getHref()} className={buttonClassName({ size: 'sm' })}>
            {words.createYourOwn}
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="share-main">
        {children}
      </main>
    </>
  );
}
