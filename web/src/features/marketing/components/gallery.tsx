import type { GalleryItem } from '#shared/gallery';
import { galleryItemSharePath } from '#shared/gallery';
import { PRODUCT_NAME } from '#shared/product';
import { buttonClassName } from '#web/components/ui/button';
import { Link } from '#web/components/ui/link';
import { paths } from '#web/config/paths';
import { GuideEmbed } from './guide-embed';
import './marketing.css';
import './gallery.css';

/** The product's logo beside its name; the name is the text, so the image itself is decorative. */
function ProductLogo({ item, size }: { item: GalleryItem; size: number }) {
  return <img className="gallery-logo" src={item.logoDataUrl} alt="" width={size} height={size} decoding="async" />;
}

/** /gallery/: every example guide as a card; the title is the link, the whole card its target. */
export function GalleryIndex({ items }: { items: readonly GalleryItem[] }) {
  return (
    <>
      <header className="page-header">
        <div className="container">
          <p className="eyebrow">Gallery</p>
          <h1 className="page-header__title">Example guides</h1>
          <p className="page-header__lead">
            Real guides made with {PRODUCT_NAME}, each from a single click-through of a sample app. Open one and press play.
          </p>
        </div>
      </header>
      <div className="container gallery-body">
        <ul role="list" className="gallery-grid">
          {items.map((item) => (
            <li key={item.id} className="gallery-card">
              <div className="gallery-card__product">
                <ProductLogo item={item} size={40} />
                <span>{item.product}</span>
              </div>
              <h2 className="gallery-card__title">
                <Link to={paths.gallery.item.getHref(item.slug)} className="gallery-card__link">
                  {item.title}
                </Link>
              </h2>
              <p className="gallery-card__description">{item.description}</p>
              <span className="gallery-card__more" aria-hidden="true">
                Watch the guide →
              </span>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

export interface GalleryItemViewProps {
  item: GalleryItem;
  /** the other examples, offered after this one */
  others: readonly GalleryItem[];
  trialHref: string;
}

/** /gallery/{slug}: the guide playing in its embed, what it shows, and where to go next. */
export function GalleryItemView({ item, others, trialHref }: GalleryItemViewProps) {
  return (
    <>
      <div className="container gallery-item">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol role="list" className="breadcrumb__list">
            <li>
              <Link to={paths.gallery.getHref()}>Gallery</Link>
            </li>
            <li>
              <span aria-current="page">{item.product}</span>
            </li>
          </ol>
        </nav>
        <header className="gallery-item__header">
          <div className="gallery-card__product">
            <ProductLogo item={item} size={44} />
            <span>{item.product}</span>
          </div>
          <h1 className="gallery-item__title">{item.title}</h1>
          <p className="gallery-item__lead">{item.description}</p>
        </header>
        <GuideEmbed src={item.embedUrl} title={`Guide: ${item.title}`} />
        <div className="gallery-item__actions">
          <Link to={galleryItemSharePath(item)} className={buttonClassName({ variant: 'outline' })}>
            Open the full guide page
          </Link>
          <Link to={trialHref} className={buttonClassName()}>
            Make guides like this
          </Link>
        </div>
      </div>
      <section className="section gallery-more" aria-labelledby="more-title">
        <div className="container">
          <h2 id="more-title" className="gallery-more__title">
            More examples
          </h2>
          <ul role="list" className="gallery-more__list">
            {others.map((other) => (
              <li key={other.id} className="gallery-more__item">
                <ProductLogo item={other} size={32} />
                <Link to={paths.gallery.item.getHref(other.slug)}>{other.title}</Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
