/** `stripeWebhook` → `StripeWebhook`, `cdn-invalidation` → `CdnInvalidation`: construct ids from the routes table's names. */
export function pascalCase(name: string): string {
  return name.replace(/(^|[-_\s]+)(\w)/g, (_match, _sep: string, letter: string) => letter.toUpperCase());
}
