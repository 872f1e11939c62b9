/**
 * The gallery (product-spec.md §2, §3): six example guides, walkthroughs of small third-party-style web
 * apps. They are real published guides: the local seed (infra/local/seed) captures the sample
 * apps and publishes them with stable ids, and `npm run seed` loads the same into a stage, so
 * every `embedUrl` below plays a guide that exists.
 */
export interface GalleryItem {
  /** a fixed uuid */
  id: string;
  title: string;
  /** the gallery page's segment: `/gallery/{slug}` */
  slug: string;
  /** the name of the product the guide walks through */
  product: string;
  /** the share embed route of the published guide: `/share/{title slug}-{guide id}/embed` */
  embedUrl: string;
  /** the product's logo as inline image data (no request, no third-party host) */
  logoDataUrl: string;
  description: string;
}

/** An SVG as a `data:` URL; percent-encoded rather than base64, which is smaller for SVG text. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * The logos of the sample apps, as committed in infra/local/seed/guides/{app}/logo.svg (a unit
 * test keeps the two the same).
 */
const LOGOS = {
  acmeCrm:
    '<svg viewBox="0 0 32 32" xmlns="http://www.w3.org/2000/svg"><rect width="32" height="32" rx="8" fill="#4f46e5"></rect><path d="M9 23 16 8l7 15" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"></path><path d="M11.8 18h8.4" stroke="#c7d2fe" stroke-width="3" stroke-linecap="round"></path></svg>',
  ledgerly:
    '<svg viewBox="0 0 32 32" xmlns="http://www.w3.org/2000/svg"><rect width="32" height="32" rx="9" fill="#0f9f6e"></rect><path d="M10 8v16h12" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"></path><path d="M15 13h7M15 18.5h5" stroke="#a7f3d0" stroke-width="3" stroke-linecap="round"></path></svg>',
  tasknest:
    '<svg viewBox="0 0 38 38" width="38" height="38" xmlns="http://www.w3.org/2000/svg"><rect width="38" height="38" rx="11" fill="#f0642a"></rect><path d="M9 21c3 6 17 6 20 0" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round"></path><rect x="11" y="11" width="4" height="7" rx="2" fill="#fff"></rect><rect x="17" y="9" width="4" height="9" rx="2" fill="#ffd2bd"></rect><rect x="23" y="12" width="4" height="6" rx="2" fill="#fff"></rect></svg>',
  shipfast:
    '<svg viewBox="0 0 32 32" xmlns="http://www.w3.org/2000/svg"><rect width="32" height="32" rx="8" fill="#2563eb"></rect><path d="M7 20h11l7-9H14z" fill="#fff"></path><path d="M5 14h6M3 17.5h6" stroke="#93c5fd" stroke-width="2.4" stroke-linecap="round"></path></svg>',
  replyline:
    '<svg viewBox="0 0 32 32" xmlns="http://www.w3.org/2000/svg"><rect width="32" height="32" rx="9" fill="#e5484d"></rect><path d="M8 10.5A2.5 2.5 0 0 1 10.5 8h11a2.5 2.5 0 0 1 2.5 2.5v7a2.5 2.5 0 0 1-2.5 2.5H15l-4.5 4v-4a2.5 2.5 0 0 1-2.5-2.5z" fill="#fff"></path><path d="M12 13.5h8M12 16.5h5" stroke="#e5484d" stroke-width="2" stroke-linecap="round"></path></svg>',
  brightkey:
    '<svg viewBox="0 0 32 32" xmlns="http://www.w3.org/2000/svg"><rect width="32" height="32" rx="9" fill="#7c3aed"></rect><circle cx="13" cy="14" r="5.5" fill="none" stroke="#fff" stroke-width="3"></circle><path d="m17 18 8 8M21.5 22.5l2.5-2.5" stroke="#fde68a" stroke-width="3" stroke-linecap="round"></path></svg>',
} as const;

export const GALLERY_ITEMS: readonly GalleryItem[] = [
  {
    id: 'c0460aea-aee7-4959-a320-6488150031c5',
    title: 'Add a new contact in Acme CRM',
    slug: 'acme-crm',
    product: 'Acme CRM',
    embedUrl: '/share/add-a-new-contact-in-acme-crm-DYrbOQi8CofM/embed',
    logoDataUrl: svgDataUrl(LOGOS.acmeCrm),
    description: 'Create a contact record with email, phone and company, and subscribe them to the newsletter.',
  },
  {
    id: 'fd6625a6-e1e0-496e-81ab-39ecf8b9fc4a',
    title: 'Create and send an invoice in Ledgerly',
    slug: 'ledgerly',
    product: 'Ledgerly',
    embedUrl: '/share/create-and-send-an-invoice-in-ledgerly-i0eTV4XzeT17/embed',
    logoDataUrl: svgDataUrl(LOGOS.ledgerly),
    description:
      'Bill a customer for a project: pick the customer, add a line item, set the due date and send the invoice.',
  },
  {
    id: '05f25e10-4e77-4dbc-91d5-64a5bff123f0',
    title: 'Create a task and start it in TaskNest',
    slug: 'tasknest',
    product: 'TaskNest',
    embedUrl: '/share/create-a-task-and-start-it-in-tasknest-z2lwftQSx2py/embed',
    logoDataUrl: svgDataUrl(LOGOS.tasknest),
    description: 'Add a task to a project board, assign it to a teammate and move it to In progress.',
  },
  {
    id: '5f2cec5d-ba15-44a4-9dee-647311a0be13',
    title: 'Add and publish a product in Shipfast',
    slug: 'shipfast',
    product: 'Shipfast',
    embedUrl: '/share/add-and-publish-a-product-in-shipfast-hwrmhK5518hP/embed',
    logoDataUrl: svgDataUrl(LOGOS.shipfast),
    description: 'Create a product with a title, price and stock level, and publish it to your sales channels.',
  },
  {
    id: '09d9c9dc-fdea-443f-a368-6eb9d4fea2a8',
    title: 'Reply to a ticket and mark it solved in Replyline',
    slug: 'replyline',
    product: 'Replyline',
    embedUrl: '/share/reply-to-a-ticket-and-mark-it-solved-in-replyline-8pqEw2opPzAV/embed',
    logoDataUrl: svgDataUrl(LOGOS.replyline),
    description: 'Pick up a customer ticket from the unassigned queue, answer it and close it as solved in one go.',
  },
  {
    id: '8e52b35a-f088-41ed-a52a-ecd5b27bf7e3',
    title: 'Sign up for Brightkey and review your settings',
    slug: 'brightkey',
    product: 'Brightkey',
    embedUrl: '/share/sign-up-for-brightkey-and-review-your-settings-Cz4GIecKaKP4/embed',
    logoDataUrl: svgDataUrl(LOGOS.brightkey),
    description: 'Create a Brightkey account, then open your account settings and save your profile.',
  },
];

/** The gallery item at `/gallery/{slug}`, or undefined (the page then shows not-found). */
export function galleryItemBySlug(slug: string): GalleryItem | undefined {
  return GALLERY_ITEMS.find((item) => item.slug === slug);
}

/** The full share page of an item's guide: its embed URL without `/embed`. */
export function galleryItemSharePath(item: Pick<GalleryItem, 'embedUrl'>): string {
  return item.embedUrl.replace(/\/embed$/, '');
}
