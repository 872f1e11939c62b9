/**
 * Build-time configuration, replaced by esbuild's `define` (extension/build.ts). The app origin
 * is where the API and the app's pages live; the extension holds a host permission for it.
 */
declare const __STEPCAST_APP_ORIGIN__: string;

export const APP_ORIGIN: string = typeof __STEPCAST_APP_ORIGIN__ === 'string' ? __STEPCAST_APP_ORIGIN__ : 'http://localhost:3000';

export function appUrl(path: string): string {
  return `${APP_ORIGIN}${path}`;
}
