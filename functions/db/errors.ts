/**
 * ElectroDB wraps DynamoDB's errors in an ElectroError whose `cause` is the SDK's error; these
 * read through the wrapper.
 */
export function awsErrorName(error: unknown): string {
  const outer = error as { name?: string; cause?: { name?: string } } | null;
  return outer?.cause?.name ?? outer?.name ?? '';
}

/** A conditional write's condition did not hold (not found, already exists, changed meanwhile). */
export function isConditionFailed(error: unknown): boolean {
  return awsErrorName(error) === 'ConditionalCheckFailedException';
}
