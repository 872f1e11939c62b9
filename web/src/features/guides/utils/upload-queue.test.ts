import { describe, expect, it } from 'vitest';
import {
  emptyUploadQueue,
  startableUploads,
  summarizeUploads,
  uploadQueueReducer,
  type NewUpload,
  type UploadAction,
  type UploadQueueState,
} from './upload-queue';

type Fake = { name: string };

function uploads(...sizes: number[]): Array<NewUpload<Fake>> {
  return sizes.map((size, index) => ({ id: `f${index + 1}`, file: { name: `${index + 1}.png` }, name: `${index + 1}.png`, size, contentType: 'image/png' }));
}

function run(actions: Array<UploadAction<Fake>>, state: UploadQueueState<Fake> = emptyUploadQueue<Fake>()) {
  return actions.reduce(uploadQueueReducer<Fake>, state);
}

const statuses = (state: UploadQueueState<Fake>) => state.items.map((item) => item.status);

describe('the upload queue', () => {
  it('queues added files in order with consecutive slide orders', () => {
    const state = run([{ type: 'add', uploads: uploads(10, 20, 30) }]);
    expect(statuses(state)).toEqual(['queued', 'queued', 'queued']);
    expect(state.items.map((item) => item.order)).toEqual([0, 1, 2]);
  });

  it('starts orders after a given first order (adding to a guide that has slides)', () => {
    const state = run([{ type: 'add', uploads: uploads(1, 1), firstOrder: 7.5 }]);
    expect(state.items.map((item) => item.order)).toEqual([7.5, 8.5]);
  });

  it('continues after the last file when more are added, whatever first order is given', () => {
    const more = [{ id: 'f9', file: { name: '9.png' }, name: '9.png', size: 1, contentType: 'image/png' as const }];
    const state = run([{ type: 'add', uploads: uploads(1, 1), firstOrder: 3 }, { type: 'add', uploads: more, firstOrder: 3 }]);
    expect(state.items.map((item) => item.order)).toEqual([3, 4, 5]);
  });

  it('continues orders after the last file when more are added', () => {
    const more = [{ id: 'f9', file: { name: '9.png' }, name: '9.png', size: 1, contentType: 'image/png' as const }];
    const state = run([{ type: 'add', uploads: uploads(1, 1) }, { type: 'remove', id: 'f2' }, { type: 'add', uploads: more }]);
    expect(state.items.map((item) => [item.id, item.order])).toEqual([
      ['f1', 0],
      ['f9', 1],
    ]);
  });

  it('ignores a file added twice', () => {
    const state = run([{ type: 'add', uploads: uploads(1) }, { type: 'add', uploads: uploads(1) }]);
    expect(state.items).toHaveLength(1);
  });

  it('runs at most three uploads at once, in list order', () => {
    let state = run([{ type: 'add', uploads: uploads(1, 1, 1, 1, 1) }]);
    expect(startableUploads(state).map((item) => item.id)).toEqual(['f1', 'f2', 'f3']);
    state = run([{ type: 'start', id: 'f1' }, { type: 'start', id: 'f2' }], state);
    expect(startableUploads(state).map((item) => item.id)).toEqual(['f3']);
    state = run([{ type: 'start', id: 'f3' }], state);
    expect(startableUploads(state)).toEqual([]);
    state = run([{ type: 'succeed', id: 'f2' }], state);
    expect(startableUploads(state).map((item) => item.id)).toEqual(['f4']);
  });

  it('goes queued → uploading → done, tracking bytes sent', () => {
    let state = run([{ type: 'add', uploads: uploads(100) }, { type: 'start', id: 'f1' }, { type: 'progress', id: 'f1', loaded: 40 }]);
    expect(state.items[0]).toMatchObject({ status: 'uploading', loaded: 40, attempts: 1 });
    expect(summarizeUploads(state).progress).toBeCloseTo(0.4);
    state = run([{ type: 'succeed', id: 'f1' }], state);
    expect(state.items[0]).toMatchObject({ status: 'done', loaded: 100 });
    expect(summarizeUploads(state)).toMatchObject({ done: 1, progress: 1, settled: true, complete: true });
  });

  it('never lets progress go backwards or past the file size', () => {
    const state = run([
      { type: 'add', uploads: uploads(100) },
      { type: 'start', id: 'f1' },
      { type: 'progress', id: 'f1', loaded: 60 },
      { type: 'progress', id: 'f1', loaded: 30 },
      { type: 'progress', id: 'f1', loaded: 500 },
    ]);
    expect(state.items[0]!.loaded).toBe(100);
  });

  it('a failure keeps the others going, and a retry queues only that file again', () => {
    let state = run([
      { type: 'add', uploads: uploads(10, 10, 10) },
      { type: 'start', id: 'f1' },
      { type: 'start', id: 'f2' },
      { type: 'start', id: 'f3' },
      { type: 'fail', id: 'f2', error: 'The upload failed.' },
      { type: 'succeed', id: 'f1' },
      { type: 'succeed', id: 'f3' },
    ]);
    expect(statuses(state)).toEqual(['done', 'failed', 'done']);
    expect(state.items[1]!.error).toBe('The upload failed.');
    expect(summarizeUploads(state)).toMatchObject({ done: 2, failed: 1, settled: true, complete: false });

    state = run([{ type: 'retry', id: 'f2' }], state);
    expect(statuses(state)).toEqual(['done', 'queued', 'done']);
    expect(state.items[1]).toMatchObject({ error: null, order: 1 });
    expect(startableUploads(state).map((item) => item.id)).toEqual(['f2']);

    state = run([{ type: 'start', id: 'f2' }, { type: 'succeed', id: 'f2' }], state);
    expect(state.items[1]!.attempts).toBe(2);
    expect(summarizeUploads(state).complete).toBe(true);
  });

  it('retries every failed file at once', () => {
    const state = run([
      { type: 'add', uploads: uploads(1, 1) },
      { type: 'start', id: 'f1' },
      { type: 'start', id: 'f2' },
      { type: 'fail', id: 'f1', error: 'x' },
      { type: 'fail', id: 'f2', error: 'y' },
      { type: 'retryFailed' },
    ]);
    expect(statuses(state)).toEqual(['queued', 'queued']);
  });

  it('ignores transitions from the wrong state', () => {
    const start = run([{ type: 'add', uploads: uploads(1) }]);
    for (const action of [
      { type: 'succeed', id: 'f1' },
      { type: 'fail', id: 'f1', error: 'x' },
      { type: 'retry', id: 'f1' },
      { type: 'progress', id: 'f1', loaded: 1 },
      { type: 'start', id: 'nope' },
    ] as Array<UploadAction<Fake>>) {
      expect(uploadQueueReducer(start, action)).toBe(start);
    }
    const done = run([{ type: 'start', id: 'f1' }, { type: 'succeed', id: 'f1' }], start);
    expect(uploadQueueReducer(done, { type: 'start', id: 'f1' })).toBe(done);
    expect(uploadQueueReducer(done, { type: 'fail', id: 'f1', error: 'late' })).toBe(done);
  });

  it('removes queued and failed files but never one uploading or done', () => {
    const state = run([
      { type: 'add', uploads: uploads(1, 1, 1, 1) },
      { type: 'start', id: 'f2' },
      { type: 'start', id: 'f3' },
      { type: 'succeed', id: 'f3' },
      { type: 'start', id: 'f4' },
      { type: 'fail', id: 'f4', error: 'x' },
    ]);
    const after = run([{ type: 'remove', id: 'f1' }, { type: 'remove', id: 'f2' }, { type: 'remove', id: 'f3' }, { type: 'remove', id: 'f4' }], state);
    expect(after.items.map((item) => item.id)).toEqual(['f2', 'f3']);
  });

  it('summarises an empty queue as not complete', () => {
    expect(summarizeUploads(emptyUploadQueue())).toMatchObject({ total: 0, progress: 0, settled: true, complete: false });
  });
});
