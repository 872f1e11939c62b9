/**
 * What the drift worker runs in the pages it replays (bundled by extension/build-finder.ts): Guide
 * me's element finder, and capture's own rule of what to cover in a screenshot, so that a check
 * finds elements as a walk does and covers what capture covers.
 */
export { locate } from './guide-me/locate';
export { sensitiveRects } from './describe';
