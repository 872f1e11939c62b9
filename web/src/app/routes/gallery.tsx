import { GALLERY_ITEMS } from '#shared/gallery';
import { GalleryIndex } from '#web/features/marketing/components/gallery';
import { SITE_PAGES } from '#web/features/marketing/site-pages';
import { useSitePageHead } from '#web/features/marketing/use-site-page-head';

export default function GalleryRoute() {
  useSitePageHead(SITE_PAGES.gallery);
  return <GalleryIndex items={GALLERY_ITEMS} />;
}
