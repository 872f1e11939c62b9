// The browser the tests drive is the one the local tooling uses (infra/local/chromium.ts).
export { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumMissingMessage } from '../../infra/local/chromium';
