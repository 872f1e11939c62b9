/**
 * A mistake in how the app is run rather than in its code: a bad `-c` value, or a machine that
 * cannot build a bundle. `app.ts` prints the message as one line instead of a stack trace, so
 * every message must say what is wrong and what to do, in one line.
 */
export class UsageError extends Error {}
