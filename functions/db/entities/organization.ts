import { Entity } from 'electrodb';
import { SERVICE, createdAt, key, updatedAt } from './common';

/** A workspace that owns guides and folders; every user gets a personal one at sign-up. */
export const OrganizationEntity = new Entity({
  model: { entity: 'organization', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    slug: { type: 'string', required: true },
    logo: { type: 'string' },
    /** a personal organisation is the one created with the account */
    personal: { type: 'boolean', required: true, default: false },
    metadata: { type: 'any' },
    /**
     * How many members hold the owner role: every role change that adds or removes an owner
     * updates it in the same transaction, with a condition that keeps it above zero, so the
     * last owner can never leave or be demoted, even by two concurrent requests.
     */
    ownerCount: { type: 'number', required: true, default: 1 },
    /** guides in the organisation, kept in step with every create and delete: the free plan's limit checks it atomically */
    guideCount: { type: 'number', required: true, default: 0 },
    /**
     * Pro without a subscription: the product's own showcase, the demo organisation whose guides
     * the gallery and the landing page embed. Granted by the seed job only; no route sets it.
     */
    complimentaryPlan: { type: ['Pro'] as const },
    /**
     * The brand its viewers see while it is Pro (shared/brand.ts BrandSettings, parsed on read by
     * functions/domain/brand): absent until first saved.
     */
    brand: { type: 'any' },
    createdAt,
    updatedAt,
  },
  indexes: {
    byId: { pk: key('pk', ['orgId']), sk: key('sk', []) },
  },
});

/** Claims an organisation slug, like the email claim of users. */
export const OrganizationSlugEntity = new Entity({
  model: { entity: 'organizationSlug', version: '1', service: SERVICE },
  attributes: {
    slug: { type: 'string', required: true, readOnly: true },
    orgId: { type: 'string', required: true },
    createdAt,
  },
  indexes: {
    bySlug: { pk: key('pk', ['slug']), sk: key('sk', []) },
  },
});

/** A user's membership of an organisation, with comma-separated roles (product-spec.md §6). */
export const MemberEntity = new Entity({
  model: { entity: 'member', version: '1', service: SERVICE },
  attributes: {
    memberId: { type: 'string', required: true, readOnly: true },
    orgId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    role: { type: 'string', required: true },
    createdAt,
    updatedAt,
  },
  indexes: {
    // an organisation's members, in one Query
    byOrg: { collection: 'organization', pk: key('pk', ['orgId']), sk: key('sk', ['userId']) },
    // a user's memberships: the organisation list and switcher
    byUser: { index: 'gsi2', pk: key('gsi2pk', ['userId']), sk: key('gsi2sk', ['orgId']) },
  },
});
