// Imported first by run.ts: the functions' logger reads its level when its module loads (and
// again at every invocation), so the benches' SILENT level must be set before any import reaches
// it. Otherwise every request writes a log line to the terminal, a cost no baseline pays.
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
