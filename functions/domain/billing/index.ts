export * as Billing from './billing';
export * as Entitlements from './entitlements';
