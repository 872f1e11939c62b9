import { describe, expect, it } from 'vitest';
import { assetKeysOf, contentHash, guideContent, guideFieldsToRemove, replaceString, restorePlan, slideCopy } from './version-snapshot';

const guide = {
  guideId: 'g1',
  orgId: 'o1',
  folderId: '-',
  title: 'Close a ticket',
  titleLower: 'close a ticket',
  status: 'published',
  visibility: 'public',
  zoomLevel: 1.5,
  isHighlightVisible: true,
  intro: 'Hello',
  revision: 7,
  slideCount: 2,
  publishedVersion: 2,
  publishedHash: 'x',
  createdAt: 1,
  updatedAt: 2,
};
const slide = (id: string, extra: Record<string, unknown> = {}) => ({
  guideId: 'g1',
  orgId: 'o1',
  slideId: id,
  order: Number(id.slice(1)),
  text: `Text ${id}`,
  screenshotKey: `orgs/o1/guides/g1/${id}.png`,
  createdAt: 1,
  updatedAt: 2,
  ...extra,
});

describe('version snapshots', () => {
  it('copies every slide attribute, including ones this module does not know, but not the owner ids', () => {
    const copy = slideCopy(slide('s1', { annotations: [{ kind: 'arrow', from: { x: 1, y: 2 } }], kind: 'outro', cta: { label: 'Try', url: 'https://x.test' } }));
    expect(copy).toEqual({
      slideId: 's1',
      order: 1,
      text: 'Text s1',
      screenshotKey: 'orgs/o1/guides/g1/s1.png',
      createdAt: 1,
      updatedAt: 2,
      annotations: [{ kind: 'arrow', from: { x: 1, y: 2 } }],
      kind: 'outro',
      cta: { label: 'Try', url: 'https://x.test' },
    });
  });

  it("keeps the guide's content fields, not its identity, sharing or version state", () => {
    expect(guideContent({ ...guide, brandColor: '#4f46e5' })).toEqual({ title: 'Close a ticket', zoomLevel: 1.5, isHighlightVisible: true, intro: 'Hello', brandColor: '#4f46e5' });
    expect(guideFieldsToRemove({ ...guide, outro: 'Bye' }, { title: 'Old', zoomLevel: 1, isHighlightVisible: true })).toEqual(['intro', 'outro']);
  });

  it('hashes content only: bookkeeping and write times do not count, text, order and settings do', () => {
    const slides = [slide('s1'), slide('s2')];
    const base = contentHash(guide, slides);
    expect(contentHash({ ...guide, revision: 9, updatedAt: 99, status: 'draft' }, slides.map((s) => ({ ...s, updatedAt: 50 })))).toBe(base);
    // Key order in stored items never matters.
    expect(contentHash(guide, slides.map((s) => Object.fromEntries(Object.entries(s).reverse())))).toBe(base);
    expect(contentHash(guide, [slides[1]!, slides[0]!])).not.toBe(base);
    expect(contentHash({ ...guide, title: 'Other' }, slides)).not.toBe(base);
    expect(contentHash(guide, [slides[0]!, { ...slides[1]!, annotations: [{ kind: 'badge' }] }])).not.toBe(base);
  });

  it('names every asset a version shows: screenshots, voiceovers with their timings, other keys at any depth', () => {
    const keys = assetKeysOf([
      slide('s1', { audioKey: 'orgs/o1/guides/g1/audio/a.mp3' }),
      slide('s2', { cta: { imageKey: 'orgs/o1/guides/g1/cta.png' }, someKey: 'not-an-asset' }),
    ]);
    expect(keys.sort()).toEqual(
      ['orgs/o1/guides/g1/s1.png', 'orgs/o1/guides/g1/audio/a.mp3', 'orgs/o1/guides/g1/audio/a.json', 'orgs/o1/guides/g1/s2.png', 'orgs/o1/guides/g1/cta.png'].sort(),
    );
  });

  it('replaces a key wherever it appears, and leaves values without it untouched (same object)', () => {
    const item: Record<string, unknown> = slide('s1', { regions: [{ sourceKey: 'orgs/o1/guides/g1/s1.png' }] });
    const replaced = replaceString(item, 'orgs/o1/guides/g1/s1.png', 'orgs/o1/guides/g1/s1-red.png');
    expect(replaced['screenshotKey']).toBe('orgs/o1/guides/g1/s1-red.png');
    expect(replaced['regions']).toEqual([{ sourceKey: 'orgs/o1/guides/g1/s1-red.png' }]);
    expect(item['screenshotKey']).toBe('orgs/o1/guides/g1/s1.png');
    const other = slide('s2');
    expect(replaceString(other, 'orgs/o1/guides/g1/s1.png', 'x')).toBe(other);
  });

  it("restores by writing the version's slides back whole and removing the draft's slides it lacks", () => {
    const draft = [slide('s1'), slide('s3')];
    const version = [slideCopy(slide('s1', { text: 'Old' })), slideCopy(slide('s2'))];
    const plan = restorePlan(draft, version);
    expect(plan.put).toEqual(version);
    expect(plan.remove.map((s) => s.slideId)).toEqual(['s3']);
  });
});
