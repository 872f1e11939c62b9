import { dynamo } from '../../functions/db/client';

/**
 * Counts the DynamoDB requests the functions send, by command name: the handlers run in this
 * process (through the local adapter) and share this client.
 */
const counts = new Map<string, number>();
let installed = false;

export function countDynamoRequests(): { reset(): void; snapshot(): Record<string, number>; total(): number } {
  if (!installed) {
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        const name = String(context.commandName ?? 'unknown');
        counts.set(name, (counts.get(name) ?? 0) + 1);
        return next(args);
      },
      { step: 'initialize', name: 'stepcastRequestCounter' },
    );
    installed = true;
  }
  return {
    reset: () => counts.clear(),
    snapshot: () => Object.fromEntries(counts),
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
  };
}
