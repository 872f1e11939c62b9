import { describe, expect, it } from 'vitest';
import { loadRootSearch } from './root-search';

describe('loadRootSearch', () => {
  it('answers an empty search without loading the schema when no root parameter is present', async () => {
    expect(await loadRootSearch(new URLSearchParams('q=guides'))).toEqual({});
  });

  it('validates the root parameters when present', async () => {
    expect(await loadRootSearch(new URLSearchParams('subscribe=true&stripe_session_id=cs_1'))).toEqual({
      subscribe: true,
      stripe_session_id: 'cs_1',
    });
  });
});
