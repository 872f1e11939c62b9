// Domain modules, each a namespace of verbs (sst/console style): Guide.create(), Account.create(), …
export * as Account from './account';
export * as Asset from './asset';
export * as Auth from './auth';
export * as Guide from './guide';
export * as Health from './health';
export * as Organization from './organization';
export * as Session from './session';
