export * as Analytics from './analytics';
