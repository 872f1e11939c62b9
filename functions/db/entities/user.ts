import { Entity } from 'electrodb';
import { SERVICE, createdAt, key, updatedAt } from './common';

/** A person with a sign-in. Email uniqueness is the user-email entity, written in the same transaction. */
export const UserEntity = new Entity({
  model: { entity: 'user', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true },
    name: { type: 'string', required: true },
    image: { type: 'string' },
    emailVerified: { type: 'boolean', required: true, default: false },
    passwordHash: { type: 'string', required: true, hidden: false },
    /** the organisation new sessions open in */
    defaultOrgId: { type: 'string' },
    /** capture blurs personal data in screenshots before upload (issue 27): set for new accounts; absent (older accounts) is off */
    blurPersonalData: { type: 'boolean' },
    createdAt,
    updatedAt,
  },
  indexes: {
    // user by id: every session check resolves its user here
    byId: { pk: key('pk', ['userId']), sk: key('sk', []) },
  },
});

/** Claims an email address for one user: created with a condition, so two sign-ups cannot share it. */
export const UserEmailEntity = new Entity({
  model: { entity: 'userEmail', version: '1', service: SERVICE },
  attributes: {
    email: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true },
    createdAt,
  },
  indexes: {
    // user id by email: sign-in and password reset
    byEmail: { pk: key('pk', ['email']), sk: key('sk', []) },
  },
});
