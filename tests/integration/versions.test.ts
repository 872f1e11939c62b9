import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ExportDto } from '#shared/exports';
import { ErrorBody } from '#shared/errors';
import type { GuideDto, SlideDto } from '#shared/guides';
import type { SharedGuideDto } from '#shared/share/shared-guide';
import { VersionListDto } from '#shared/versions';
import { db } from '../../functions/db/service';
import * as Versions from '../../functions/domain/guides/versions';
import { ApiClient, signUp } from '../support/api-client';
import { guideWithSlides } from '../support/api-guides';
import { makePro } from '../support/team';
import { useIsolatedStack } from '../support/isolated-stack';
import { objectExists } from '../support/storage';

const stack = useIsolatedStack();
const anonymous = () => new ApiClient(stack().url);

async function author(name = 'Pat Publisher') {
  const client = new ApiClient(stack().url);
  const { user } = await signUp(client, { name });
  return { client, userId: user.id };
}

async function detail(c: ApiClient, id: string): Promise<GuideDto> {
  return (await c.get(`/api/guides/${id}`)).json as GuideDto;
}

async function shared(id: string): Promise<SharedGuideDto> {
  const response = await anonymous().get(`/api/share/${id}`);
  expect(response.status).toBe(200);
  return response.json as SharedGuideDto;
}

/** A write carrying the revision it was made from. */
async function post(c: ApiClient, path: string, revision: number) {
  return c.request('POST', path, {}, { 'if-match': `"${revision}"` });
}

describe('drafts and versions', () => {
  it('publishing serves a snapshot: the share link keeps the old text, title and order until "Publish changes"', async () => {
    const { client: c } = await author();
    const { guide, slides } = await guideWithSlides(c, 3);
    // Turning the guide published takes version 1.
    const published = (await c.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' })).json as GuideDto;
    expect(published).toMatchObject({ status: 'published', publishedVersion: 1, hasUnpublishedChanges: false });

    await c.request('PATCH', `/api/guides/${guide.id}/slides/${slides[0]!.id}`, { text: 'Step one, edited' });
    await c.request('PATCH', `/api/guides/${guide.id}`, { title: 'Close a support ticket', zoomLevel: 2.5 });
    await c.request('DELETE', `/api/guides/${guide.id}/slides/${slides[2]!.id}`);
    const draft = await detail(c, guide.id);
    expect(draft).toMatchObject({ publishedVersion: 1, hasUnpublishedChanges: true, title: 'Close a support ticket' });

    const before = await shared(guide.id);
    expect(before.title).toBe('Close a ticket');
    expect(before.slides.map((s) => s.text)).toEqual(['Step 1', 'Step 2', 'Step 3']);
    expect(before.slides[0]!.zoomLevel).not.toBe(2.5);
    // The deleted slide's screenshot stays served: version 1 shows it.
    expect(await objectExists(stack(), slides[2]!.screenshotKey!)).toBe(true);
    expect((await fetch(`${stack().url}${before.slides[2]!.screenshotUrl}`)).status).toBe(200);

    const publish = await post(c, `/api/guides/${guide.id}/publish`, draft.revision);
    expect(publish.status).toBe(200);
    expect(publish.json).toMatchObject({ publishedVersion: 2, hasUnpublishedChanges: false });
    const after = await shared(guide.id);
    expect(after.title).toBe('Close a support ticket');
    expect(after.slides.map((s) => s.text)).toEqual(['Step one, edited', 'Step 2']);
    expect(after.slides[0]!.zoomLevel).toBe(2.5);

    const versions = VersionListDto.parse((await c.get(`/api/guides/${guide.id}/versions`)).json);
    expect(versions.items.map((v) => [v.version, v.current, v.slideCount, v.publishedBy.name])).toEqual([
      [2, true, 2, 'Pat Publisher'],
      [1, false, 3, 'Pat Publisher'],
    ]);
  });

  it('discards the draft: the published version comes back as the draft, deleted slides with working assets', async () => {
    const { client: c } = await author();
    const { guide, slides } = await guideWithSlides(c, 2);
    await c.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' });
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${slides[0]!.id}`, { text: 'Changed my mind' });
    await c.request('DELETE', `/api/guides/${guide.id}/slides/${slides[1]!.id}`);
    const added = await c.post(`/api/guides/${guide.id}/slides`, { text: 'A new step' });
    const draft = await detail(c, guide.id);
    expect(draft.slides.map((s) => s.text)).toEqual(['Changed my mind', 'A new step']);

    const discarded = await post(c, `/api/guides/${guide.id}/discard-draft`, draft.revision);
    expect(discarded.status).toBe(200);
    const back = discarded.json as GuideDto;
    expect(back).toMatchObject({ publishedVersion: 1, hasUnpublishedChanges: false, slideCount: 2 });
    expect(back.slides.map((s) => [s.id, s.text])).toEqual([
      [slides[0]!.id, 'Step 1'],
      [slides[1]!.id, 'Step 2'],
    ]);
    expect((await fetch(`${stack().url}${back.slides[1]!.screenshotUrl}`)).status).toBe(200);
    // The step added in the draft went the way of a delete: an undo can bring it back.
    const { data: trashed } = await db().entities.deletedSlide.get({ guideId: guide.id, slideId: (added.json as SlideDto).id }).go();
    expect(trashed).toBeTruthy();
  });

  it('merging two steps of a published guide leaves the published step\'s screenshot served', async () => {
    const { client: c } = await author();
    const { guide, slides } = await guideWithSlides(c, 2);
    await c.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' });
    // The merge removes step 2 from the draft; version 1 still shows its picture.
    expect((await c.post(`/api/guides/${guide.id}/slides/${slides[0]!.id}/merge`, {})).status).toBe(200);
    const live = await shared(guide.id);
    expect(live.slides.map((s) => s.text)).toEqual(['Step 1', 'Step 2']);
    expect(await objectExists(stack(), slides[1]!.screenshotKey!)).toBe(true);
    expect((await fetch(`${stack().url}${live.slides[1]!.screenshotUrl}`)).status).toBe(200);
  });

  it('restores an older version as the draft: viewers keep the latest version until it is published', async () => {
    const { client: c } = await author();
    const { guide, slides } = await guideWithSlides(c, 2);
    await c.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' });
    await c.request('DELETE', `/api/guides/${guide.id}/slides/${slides[1]!.id}`);
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${slides[0]!.id}`, { text: 'Only step' });
    await post(c, `/api/guides/${guide.id}/publish`, (await detail(c, guide.id)).revision);
    expect((await shared(guide.id)).slides.map((s) => s.text)).toEqual(['Only step']);

    const restored = await post(c, `/api/guides/${guide.id}/versions/1/restore`, (await detail(c, guide.id)).revision);
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({ publishedVersion: 2, hasUnpublishedChanges: true });
    expect((restored.json as GuideDto).slides.map((s) => s.text)).toEqual(['Step 1', 'Step 2']);
    // Not published yet: the link still serves version 2.
    expect((await shared(guide.id)).slides.map((s) => s.text)).toEqual(['Only step']);

    await post(c, `/api/guides/${guide.id}/publish`, (await detail(c, guide.id)).revision);
    const live = await shared(guide.id);
    expect(live.slides.map((s) => s.text)).toEqual(['Step 1', 'Step 2']);
    expect((await fetch(`${stack().url}${live.slides[1]!.screenshotUrl}`)).status).toBe(200);

    const missing = await post(c, `/api/guides/${guide.id}/versions/9/restore`, (await detail(c, guide.id)).revision);
    expect(missing.status).toBe(404);
    expect(ErrorBody.parse(missing.json).error.code).toBe('not_found');
  });

  it('refuses a publish made from a stale draft with 412 and publishes nothing', async () => {
    const { client: c } = await author();
    const { guide, slides } = await guideWithSlides(c, 1);
    await c.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' });
    const seen = await detail(c, guide.id);
    // Another tab edits meanwhile.
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${slides[0]!.id}`, { text: 'From the other tab' });
    const stale = await post(c, `/api/guides/${guide.id}/publish`, seen.revision);
    expect(stale.status).toBe(412);
    expect(ErrorBody.parse(stale.json).error).toMatchObject({ code: 'precondition_failed', message: expect.stringMatching(/changed elsewhere/) });
    expect((await detail(c, guide.id)).publishedVersion).toBe(1);
    expect((await shared(guide.id)).slides[0]!.text).toBe('Step 1');
    expect((await post(c, `/api/guides/${guide.id}/discard-draft`, seen.revision)).status).toBe(412);
  });

  it('refuses to publish a guide with no steps (409, a message saying why), and publishes nothing', async () => {
    const { client: c } = await author();
    const empty = (await c.post('/api/guides', { title: 'Nothing yet' })).json as GuideDto;
    for (const attempt of [() => c.request('PATCH', `/api/guides/${empty.id}`, { status: 'published' }), () => c.post(`/api/guides/${empty.id}/publish`, {})]) {
      const answer = await attempt();
      expect(answer.status, answer.text).toBe(409);
      expect(ErrorBody.parse(answer.json).error.message).toBe('A guide with no steps cannot be published. Add a step first.');
    }
    expect(await detail(c, empty.id)).toMatchObject({ status: 'draft', publishedVersion: null });
    expect((await anonymous().get(`/api/share/${empty.id}`)).status).toBe(404);

    // A published guide whose every step was deleted keeps its published version.
    const { guide, slides } = await guideWithSlides(c, 1);
    await c.post(`/api/guides/${guide.id}/publish`, {});
    await c.request('DELETE', `/api/guides/${guide.id}/slides/${slides[0]!.id}`);
    expect((await c.post(`/api/guides/${guide.id}/publish`, {})).status).toBe(409);
    expect((await detail(c, guide.id)).publishedVersion).toBe(1);
    expect((await shared(guide.id)).slides).toHaveLength(1);
  });

  it('a guide never published with versions keeps serving its live slides; another organisation sees no versions', async () => {
    const { client: c } = await author();
    const { guide, slides } = await guideWithSlides(c, 1);
    // As guides published before versions are stored: published, no version.
    await db().entities.guide.patch({ guideId: guide.id }).set({ status: 'published' }).go();
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${slides[0]!.id}`, { text: 'Live edit' });
    expect((await shared(guide.id)).slides[0]!.text).toBe('Live edit');
    expect(await detail(c, guide.id)).toMatchObject({ publishedVersion: null, hasUnpublishedChanges: false });
    const discard = await c.post(`/api/guides/${guide.id}/discard-draft`, {});
    expect(discard.status).toBe(409);

    const { client: stranger } = await author('Stranger');
    expect((await stranger.get(`/api/guides/${guide.id}/versions`)).status).toBe(404);
    expect((await stranger.post(`/api/guides/${guide.id}/publish`, {})).status).toBe(404);
    expect((await c.post(`/api/guides/${guide.id}/versions/0/restore`, {})).status).toBe(422);
  });

  it('replaceAssetKey rewrites every version naming a key; deleting the guide removes its versions', async () => {
    const { client: c } = await author();
    const { guide, slides } = await guideWithSlides(c, 2);
    await c.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' });
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${slides[1]!.id}`, { text: 'Edited' });
    await c.post(`/api/guides/${guide.id}/publish`, {});
    const oldKey = slides[0]!.screenshotKey!;
    const newKey = oldKey.replace(/\.png$/, '-redacted.png');
    expect(await Versions.replaceAssetKey(guide.id, oldKey, newKey)).toBe(2);
    expect((await shared(guide.id)).slides[0]!.screenshotUrl).toContain('-redacted.png');
    const { data: heads } = await db().entities.version.query.byGuide({ guideId: guide.id }).go();
    for (const head of heads) expect(head.assetKeys).toContain(newKey);
    for (const head of heads) expect(head.assetKeys).not.toContain(oldKey);

    expect((await c.request('DELETE', `/api/guides/${guide.id}`)).status).toBe(204);
    expect((await db().entities.version.query.byGuide({ guideId: guide.id }).go()).data).toEqual([]);
    expect((await db().entities.versionSlide.query.byVersion({ guideId: guide.id }).go()).data).toEqual([]);
  });

  it('exports what viewers see: the published version, not the draft', async () => {
    const { client: c, userId } = await author();
    // Exports are Pro.
    await makePro(userId);
    const { guide, slides } = await guideWithSlides(c, 2);
    await c.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' });
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${slides[0]!.id}`, { text: 'A draft sentence' });
    const created = await c.post(`/api/guides/${guide.id}/exports`, { format: 'markdown' });
    expect(created.status, created.text).toBe(202);
    await stack().server.workers.idle();
    const done = ExportDto.parse((await c.get(`/api/exports/${ExportDto.parse(created.json).id}`)).json);
    expect(done.state, done.error ?? '').toBe('done');
    const zip = unzipSync(new Uint8Array(await (await fetch(done.downloadUrl!)).arrayBuffer()));
    const markdown = new TextDecoder().decode(zip['guide.md']);
    expect(markdown).toContain('Step 1');
    expect(markdown).not.toContain('A draft sentence');
  });
});
