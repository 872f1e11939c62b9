import type { QueryClient } from '@tanstack/react-query';
import { listOrganizations } from './list-organizations';
import { refreshForActiveOrganization } from './refresh';
import { setActiveOrganization } from './set-active-organization';

/**
 * After leaving or deleting the active organisation the session has none: the person continues
 * in the first organisation they still belong to (if any), and everything is refreshed.
 */
export async function activateAnotherOrganization(queryClient: QueryClient): Promise<void> {
  const [next] = await listOrganizations();
  if (next) await setActiveOrganization({ organizationId: next.id });
  await refreshForActiveOrganization(queryClient);
}
