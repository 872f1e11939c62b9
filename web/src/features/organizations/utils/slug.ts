import { OrgSlug } from '#shared/organization';
import { slugifyTitle } from '#shared/share/link';

const SLUG_MAX = 60;

/** The slug a name suggests ('Acme Inc.' → 'acme-inc'); empty when the name has too little to slug. */
export function slugFromName(name: string): string {
  const slug = slugifyTitle(name).slice(0, SLUG_MAX).replace(/-+$/, '');
  return OrgSlug.safeParse(slug).success ? slug : '';
}
