/**
 * A start-up problem the developer can fix: printed as one line with what to do, never as a
 * stack trace.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
