import { DEV_EXTENSION_PUBLIC_KEY } from '#shared/extension';

/**
 * The Manifest V3 manifest, built from the build-time configuration: the host permissions
 * follow the app origin (its API is called with the user's session), and the development key
 * pins the unpacked extension's id (shared/extension.ts). The store build leaves the key out:
 * the Chrome Web Store assigns the published id.
 */
export interface ManifestOptions {
  version: string;
  /** the Stepcast app's origin, e.g. https://stepcast.example.com */
  appOrigin: string;
  /** further origins the extension uploads to (the asset bucket's, if not same-site) */
  uploadOrigins?: readonly string[];
  /** false for the store's package */
  withKey?: boolean;
}

/** A host permission pattern for an origin; ports are dropped (match patterns ignore them). */
export function originPattern(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}

export function buildManifest(options: ManifestOptions): Record<string, unknown> {
  const hosts = [...new Set([options.appOrigin, ...(options.uploadOrigins ?? [])].map(originPattern))];
  return {
    manifest_version: 3,
    name: 'Stepcast: capture step-by-step guides',
    short_name: 'Stepcast',
    description: 'Click through any web app and get a narrated step-by-step guide with screenshots. Passwords and emails are covered before upload.',
    version: options.version,
    minimum_chrome_version: '120',
    ...(options.withKey === false ? {} : { key: DEV_EXTENSION_PUBLIC_KEY }),
    icons: { 16: 'icons/icon-16.png', 32: 'icons/icon-32.png', 48: 'icons/icon-48.png', 128: 'icons/icon-128.png' },
    action: {
      default_title: 'Stepcast: capture a guide',
      default_popup: 'popup.html',
      default_icon: { 16: 'icons/icon-16.png', 32: 'icons/icon-32.png' },
    },
    background: { service_worker: 'background.js', type: 'module' },
    content_scripts: [{ matches: ['http://*/*', 'https://*/*'], js: ['content.js'], all_frames: true, run_at: 'document_start' }],
    // activeTab is not enough: a capture follows the author across pages and origins. cookies:
    // the author may save the sign-in of the site in front for drift checks (that site's only).
    permissions: ['storage', 'tabs', 'scripting', 'webNavigation', 'alarms', 'cookies'],
    // The app origin is listed on its own so it stays granted (and same-site for its session
    // cookie) even where a user withholds access to all sites.
    host_permissions: [...hosts, '<all_urls>'],
    commands: {
      'toggle-capture': {
        suggested_key: { default: 'Alt+Shift+S', mac: 'Alt+Shift+S' },
        description: 'Start or stop a capture',
      },
    },
  };
}
