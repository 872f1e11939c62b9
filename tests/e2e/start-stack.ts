import { journeyStackEnv } from './stack';

// npm run start:e2e: the journeys' stack (tests/e2e/stack.ts), started as the Playwright config
// starts it, left running until Ctrl-C; `E2E_STACK=running npx playwright test …` then runs
// journeys against it without starting one of their own (README, "Running one test").
Object.assign(process.env, journeyStackEnv());
await import('../../infra/local/start');
