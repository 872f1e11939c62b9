/**
 * The guide the landing page plays: the gallery's first item, written out here so that the
 * landing page's bundle does not carry the whole gallery (its logos included) for one link.
 * A unit test keeps it equal to the gallery's entry.
 */
export const LANDING_EXAMPLE = {
  slug: 'acme-crm',
  title: 'Add a new contact in Acme CRM',
  embedUrl: '/share/add-a-new-contact-in-acme-crm-DYrbOQi8CofM/embed',
} as const;
