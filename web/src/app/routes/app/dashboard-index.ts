import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '#web/config/paths';

/** /dashboard → /dashboard/recents, keeping the search parameters (product-spec.md §2, §4). */
export function dashboardIndexLoader({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`${paths.dashboard.recents.getHref()}${search}`);
}
