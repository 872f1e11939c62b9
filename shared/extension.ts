/**
 * The capture extension's development identity. Chromium derives an unpacked extension's id
 * from the manifest's `key` (the base64 DER of an RSA public key), so every developer, CI run
 * and test loads it under the same id, and the local stack can trust
 * `chrome-extension://${DEV_EXTENSION_ID}` as an origin (functions/core/origin.ts). The
 * private key was never kept: the store assigns the published extension its own id.
 */
export const DEV_EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAsVsLa0OTd5Iq5x5hsoukwz9XGuCPAP1LkHbTEVK5LfYEzNuwIEncwU1QglSv4SP4pZA9dirdcRZ7cddC9fLXB4/3Crtq+3C2LYJLi2eM/p7xpTBWlgPADe52RnW+tBezxdjpEPGtIjMVjajmtn5ckfrD3533i5jyDi3McF6QzZfZuMeRYk7D0BWZszmU2IgkhHlrdzd6hFml8Wq0c9n98rGrkTB3z6Nlgg6VwFQBFu1bKV1saQTNylPq4G5XnlD/gFOum9FyPNWr6tFOaXUxSnjbBRDDjbPgOiMcoDgTI4vNHAW4T+Y8eOhwpoyhBbKS7Yh+79KNEU4ABPs6wzozqQIDAQAB';

/** sha256 of the key's DER bytes, first 32 hex digits mapped 0-f → a-p (shared/extension.test.ts). */
export const DEV_EXTENSION_ID = 'dfgikpannlfopfknhfnhppmjclichfao';

/** The extension's origin, as the API sees it in the Origin header of its requests. */
export function extensionOrigin(id: string = DEV_EXTENSION_ID): string {
  return `chrome-extension://${id}`;
}
