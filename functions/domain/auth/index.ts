export * as Auth from './auth';
