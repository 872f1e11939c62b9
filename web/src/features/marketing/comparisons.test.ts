import { describe, expect, it } from 'vitest';
import { COMPARISON_ROWS, DIFFERENCES, PEER_IDS, PEERS } from './comparisons';

const ALL_SOURCES = PEER_IDS.flatMap((id) => PEERS[id].sources);

describe('the comparison facts', () => {
  it("cite only their own peer's sources, so every footnote points at that peer's help centre", () => {
    for (const row of COMPARISON_ROWS) {
      for (const id of PEER_IDS) {
        const own = new Set(PEERS[id].sources.map((source) => source.id));
        for (const cited of row.peers[id].sources ?? []) expect(own.has(cited), `${row.topic} / ${id} cites ${cited}`).toBe(true);
      }
    }
    for (const id of PEER_IDS) {
      const own = new Set(PEERS[id].sources.map((source) => source.id));
      for (const strength of PEERS[id].strengths) for (const cited of strength.sources ?? []) expect(own.has(cited)).toBe(true);
    }
  });

  it('give every source a unique id and an https address on the peer’s own help centre', () => {
    expect(new Set(ALL_SOURCES.map((source) => source.id)).size).toBe(ALL_SOURCES.length);
    const hosts = { scribe: 'support.scribehow.com', loom: 'support.loom.com', guidde: 'help.guidde.com' } as const;
    for (const id of PEER_IDS) for (const source of PEERS[id].sources) expect(new URL(source.url).host).toBe(hosts[id]);
  });

  it("cite every listed source somewhere, and the differences' claims about peers only from listed sources", () => {
    const cited = new Set([
      ...COMPARISON_ROWS.flatMap((row) => PEER_IDS.flatMap((id) => row.peers[id].sources ?? [])),
      ...PEER_IDS.flatMap((id) => PEERS[id].strengths.flatMap((strength) => strength.sources ?? [])),
    ]);
    for (const source of ALL_SOURCES) expect(cited.has(source.id), source.id).toBe(true);
    const known = new Set(ALL_SOURCES.map((source) => source.id));
    for (const point of DIFFERENCES) for (const id of point.sources ?? []) expect(known.has(id)).toBe(true);
  });

  it('say where each peer is stronger', () => {
    for (const id of PEER_IDS) expect(PEERS[id].strengths.length).toBeGreaterThanOrEqual(2);
  });
});
