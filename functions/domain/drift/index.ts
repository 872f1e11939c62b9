// A check's functions are named one by one (callers read them as `DriftCheck.start`, importing
// this file as a namespace) so a bundle keeps only those it calls: `run` reaches the replay's
// Chromium, which only the drift worker ships.
export { applyStep, fromId, health, latest, run, schedule, start, startDue } from './check';
export * as SiteSession from './site-session';
