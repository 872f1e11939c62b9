import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { GALLERY_ITEMS, galleryItemBySlug, type GalleryItem } from '#shared/gallery';
import { GalleryItemView } from '#web/features/marketing/components/gallery';
import { galleryItemPage } from '#web/features/marketing/site-pages';
import { useTrialHref } from '#web/features/marketing/trial-href';
import { useSitePageHead } from '#web/features/marketing/use-site-page-head';

/** An unknown slug is the global not-found page (product-spec.md §2, §8), inside the public layout. */
export function loader({ params }: LoaderFunctionArgs): { item: GalleryItem } {
  const item = galleryItemBySlug(params['slug'] ?? '');
  if (!item) throw data('No such gallery item', { status: 404, statusText: 'Not Found' });
  return { item };
}

export default function GalleryItemRoute() {
  const { item } = useLoaderData<typeof loader>();
  useSitePageHead(galleryItemPage(item));
  const others = GALLERY_ITEMS.filter((other) => other.id !== item.id);
  return <GalleryItemView item={item} others={others} trialHref={useTrialHref()} />;
}
