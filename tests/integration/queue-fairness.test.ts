import { describe, expect, it } from 'vitest';
import { ExportDto } from '#shared/exports';
import { ApiClient, signUp } from '../support/api-client';
import { guideWithSlides } from '../support/api-guides';
import { useIsolatedStack } from '../support/isolated-stack';
import { makePro } from '../support/team';

/**
 * Long work is fair between organisations: one organisation's exports run a few at a time, the
 * rest wait in its own line (each told its place), and another organisation's export runs next,
 * not after all of them (issue 25: twelve MP4s from one organisation made another's wait 37 s).
 */
const stack = useIsolatedStack();

async function proAuthor(name: string) {
  const client = new ApiClient(stack().url);
  const { user } = await signUp(client, { name });
  await makePro(user.id);
  return client;
}

const exportOf = async (c: ApiClient, id: string) => ExportDto.parse((await c.get(`/api/exports/${id}`)).json);

describe('queues: fair between organisations', () => {
  it("runs an organisation's exports a few at a time, the others waiting with their place in its line, and another organisation's export runs next", async () => {
    const busy = await proAuthor('Busy Org');
    const quiet = await proAuthor('Quiet Org');
    const busyGuides = [];
    for (let i = 0; i < 6; i++) busyGuides.push((await guideWithSlides(busy, 1)).guide);
    const { guide: quietGuide } = await guideWithSlides(quiet, 1);

    const release = stack().server.workers.hold();
    let busyExports: ExportDto[] = [];
    let quietExport: ExportDto;
    try {
      for (const guide of busyGuides) {
        const created = await busy.post(`/api/guides/${guide.id}/exports`, { format: 'markdown' });
        expect(created.status, created.text).toBe(202);
        busyExports.push(ExportDto.parse(created.json));
      }
      const created = await quiet.post(`/api/guides/${quietGuide.id}/exports`, { format: 'markdown' });
      expect(created.status, created.text).toBe(202);
      quietExport = ExportDto.parse(created.json);

      // Two of the busy organisation's may run; the four others wait, each told its place.
      expect(busyExports.map((e) => e.queuePosition)).toEqual([null, null, 1, 2, 3, 4]);
      busyExports = await Promise.all(busyExports.map((e) => exportOf(busy, e.id)));
      expect(busyExports.map((e) => [e.state, e.queuePosition])).toEqual([['queued', null], ['queued', null], ['queued', 1], ['queued', 2], ['queued', 3], ['queued', 4]]);
      expect((await exportOf(quiet, quietExport.id)).queuePosition).toBeNull();
    } finally {
      release();
    }
    await stack().server.workers.idle();

    const done = await Promise.all(busyExports.map((e) => exportOf(busy, e.id)));
    const quietDone = await exportOf(quiet, quietExport.id);
    expect([...done, quietDone].map((e) => e.state)).toEqual(Array(7).fill('done'));
    // Only the export that was already first in line finished before the quiet organisation's.
    const before = done.filter((e) => Date.parse(e.updatedAt) < Date.parse(quietDone.updatedAt));
    expect(before.map((e) => e.id)).toEqual([busyExports[0]!.id]);
  }, 120_000);
});
