import { DEMO_ACCOUNT } from './seed/demo-account';
import { readLocalEnv } from './config';
import { StartupError } from './errors';
import { startLocalStack } from './stack';

// npm start (and npm run dev with --dev): the whole product on this machine until Ctrl-C.
// Node 20 is supported here; the SDK's notice about its own future Node 22 requirement is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const started = performance.now();
const dev = process.argv.includes('--dev');
// --bundles [DIR]: every function from its synthesised bundle (DIR: a cloud assembly, default cdk.out).
const bundlesAt = process.argv.indexOf('--bundles');
const bundlesDir = process.argv[bundlesAt + 1];
const bundles = bundlesAt < 0 ? undefined : bundlesDir && !bundlesDir.startsWith('-') ? bundlesDir : 'cdk.out';

try {
  const env = readLocalEnv();
  const stack = await startLocalStack({ env, dev, log: (line) => console.log(line), ...(bundles ? { bundles } : {}) });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    [
      '',
      `Stepcast is running at ${stack.url} (${dev ? 'Vite with hot reload' : 'production build'}${bundles ? ', functions from their bundles' : ''}, ready in ${seconds} s)`,
      env.SEED === 'true' ? `  Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}` : undefined,
      `  Mail inbox:   ${stack.url}/_dev/mail`,
      `  Health:       ${stack.url}/api/health`,
      `  Data:         ${env.DATA_DIR}/ (kept between runs)`,
      'Press Ctrl-C to stop.',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    stack.stop().then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  if (error instanceof StartupError) {
    console.error(`Stepcast could not start: ${error.message}`);
  } else {
    console.error('Stepcast could not start:', error);
  }
  process.exit(1);
}
