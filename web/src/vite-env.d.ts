/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The capture extension's store listing; the welcome page links to it. */
  readonly VITE_EXTENSION_STORE_URL?: string;
  /** The public site's origin (canonical URLs, Open Graph, sitemap); @default http://localhost:3000 */
  readonly VITE_SITE_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
