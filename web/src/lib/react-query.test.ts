import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createQueryClient } from './react-query';

describe('createQueryClient', () => {
  it('reports a failed mutation that has no onError of its own', async () => {
    const onMutationError = vi.fn();
    const client = createQueryClient({ onMutationError });
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(new Error('no')) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(onMutationError).toHaveBeenCalledTimes(1);
  });

  it('leaves a mutation with its own onError to handle itself', async () => {
    const onMutationError = vi.fn();
    const client = createQueryClient({ onMutationError });
    const mutation = client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(new Error('no')), onError: () => undefined });
    await mutation.execute(undefined).catch(() => undefined);
    expect(onMutationError).not.toHaveBeenCalled();
  });

  it('does not retry a failed query by itself: the error screen offers Try Again', async () => {
    const client = createQueryClient();
    let calls = 0;
    const queryFn = async () => {
      calls += 1;
      throw new ApiError(500, 'Boom', 'internal');
    };
    await expect(client.ensureQueryData({ queryKey: ['x'], queryFn })).rejects.toMatchObject({ status: 500 });
    expect(calls).toBe(1);
  });

  it('fetches a failed query again instead of serving the failure from the cache', async () => {
    const client = createQueryClient();
    let calls = 0;
    const options = {
      queryKey: ['guides', 'shared', 'abcdefghijkl'],
      queryFn: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError(503, 'Down', 'service_unavailable');
        return { title: 'Demo' };
      },
    };
    await expect(client.ensureQueryData(options)).rejects.toMatchObject({ status: 503 });
    await expect(client.ensureQueryData(options)).resolves.toEqual({ title: 'Demo' });
    expect(calls).toBe(2);
  });
});
