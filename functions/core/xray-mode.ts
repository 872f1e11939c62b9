/**
 * The X-Ray SDK, as it loads, hooks every promise and async resource of the process to carry
 * trace context (cls-hooked), unless told it runs in manual mode. Outside Lambda, or with tracing
 * turned off, nothing is traced, so the local server, tests and benchmarks are spared that cost.
 * Imported by ./tracer.ts before the tracer, so it runs before the SDK loads.
 */
if (!process.env.AWS_EXECUTION_ENV || process.env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() === 'false') {
  process.env.AWS_XRAY_MANUAL_MODE ??= 'true';
}
