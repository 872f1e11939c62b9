export * as FullOrganization from './full-organization';
export * as Invitation from './invitation';
export * as Organization from './organization';
export { nameOf } from './organization';
