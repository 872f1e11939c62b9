// Named one by one (callers import this file as a namespace, `Billing.portal`), so a bundle keeps
// only what it calls: the checkout and portal handlers need not carry all of Stripe's webhook side.
export { confirm, details, handleWebhook, portal, startCheckout } from './billing';
export * as Entitlements from './entitlements';
