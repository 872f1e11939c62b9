// Domain modules, each a namespace of verbs (sst/console style): Guide.create(), Account.create(), …
export * as Account from './account';
export * as Asset from './asset';
export * as Guide from './guide';
export * as Health from './health';
