import type { CaptureAction as StepAction, CaptureElement as StepElement } from '#shared/capture';
import type { SensitiveTextKind } from '#shared/redaction';
import type { Point, Rect } from '../lib/geometry';
import type { UploadCapture, UploadStep } from '../lib/upload-queue';
import type { PageInfo } from '../messages';

/**
 * IndexedDB, the extension's only durable memory (capture-notes.md, "Never losing a capture"):
 * captures, their steps and each step's redacted screenshot stay here until the server has
 * acknowledged them. The service worker may stop at any time; nothing lives only in memory.
 */
export interface CaptureRecord extends UploadCapture {
  createdAt: number;
  stoppedAt?: number | undefined;
  tabId: number;
  windowId: number;
  paused: boolean;
  nextSeq: number;
  selectors: string[];
}

export interface StepRecord extends UploadStep {
  captureId: string;
  createdAt: number;
  action: StepAction;
  element: StepElement;
  /** `select`: the chosen option's label (absent when redacted) */
  option?: string | null | undefined;
  /** the click in image pixels */
  click: Point | null;
  /** the element's box in image pixels */
  box: Rect | null;
  width: number;
  height: number;
  contentType: 'image/png';
  bytes: number;
  page: PageInfo;
  /** the page this step led to (a link, a form), if it navigated */
  navigatedTo?: string | undefined;
  /** inside a frame the extension could not locate (a cross-origin iframe) */
  unlocated?: boolean | undefined;
  /** personal data the screenshot shows, in image pixels (never what it says) */
  personal?: Array<{ box: Rect; kind: SensitiveTextKind }> | undefined;
  /** it was blurred in the screenshot before it was stored (the account's setting) */
  personalBlurred?: boolean | undefined;
}

interface FrameRecord {
  captureId: string;
  seq: number;
  blob: Blob;
}

const DB_NAME = 'stepcast';
const DB_VERSION = 1;
let opening: Promise<IDBDatabase> | undefined;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function db(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, DB_VERSION);
    open.onupgradeneeded = () => {
      const database = open.result;
      database.createObjectStore('captures', { keyPath: 'id' });
      database.createObjectStore('steps', { keyPath: ['captureId', 'seq'] });
      database.createObjectStore('frames', { keyPath: ['captureId', 'seq'] });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => {
      opening = undefined;
      reject(open.error ?? new Error('IndexedDB did not open'));
    };
  });
  return opening;
}

const range = (captureId: string) => IDBKeyRange.bound([captureId, -Infinity], [captureId, Infinity]);

/**
 * While recording, the recorder and the uploader both change a capture and its steps, each its
 * own fields: every change after a record's creation is merged into what is stored, inside the
 * transaction, so neither overwrites the other's.
 */
function merge<T extends object>(store: IDBObjectStore, key: IDBValidKey, patch: Partial<T>): void {
  const read = store.get(key);
  read.onsuccess = () => {
    if (read.result) store.put({ ...(read.result as T), ...patch });
  };
}

export type StepPatch = Pick<StepRecord, 'seq'> & Partial<StepRecord>;

export async function patchCapture(id: string, patch: Partial<CaptureRecord>): Promise<void> {
  const tx = (await db()).transaction('captures', 'readwrite');
  merge(tx.objectStore('captures'), id, patch);
  await done(tx);
}

export async function putCapture(capture: CaptureRecord): Promise<void> {
  const tx = (await db()).transaction('captures', 'readwrite');
  tx.objectStore('captures').put(capture);
  await done(tx);
}

export async function getCapture(id: string): Promise<CaptureRecord | undefined> {
  const tx = (await db()).transaction('captures', 'readonly');
  return request(tx.objectStore('captures').get(id) as IDBRequest<CaptureRecord | undefined>);
}

export async function listCaptures(): Promise<CaptureRecord[]> {
  const tx = (await db()).transaction('captures', 'readonly');
  const all = await request(tx.objectStore('captures').getAll() as IDBRequest<CaptureRecord[]>);
  return all.sort((a, b) => a.createdAt - b.createdAt);
}

export async function listSteps(captureId: string): Promise<StepRecord[]> {
  const tx = (await db()).transaction('steps', 'readonly');
  return request(tx.objectStore('steps').getAll(range(captureId)) as IDBRequest<StepRecord[]>);
}

/** A new step and its screenshot, and the capture's counters, in one transaction. */
export async function addStep(capturePatch: Pick<CaptureRecord, 'nextSeq'> & Partial<CaptureRecord>, step: StepRecord, blob: Blob): Promise<void> {
  const tx = (await db()).transaction(['captures', 'steps', 'frames'], 'readwrite');
  merge(tx.objectStore('captures'), step.captureId, capturePatch);
  tx.objectStore('steps').put(step);
  tx.objectStore('frames').put({ captureId: step.captureId, seq: step.seq, blob } satisfies FrameRecord);
  await done(tx);
}

export async function patchStep(captureId: string, patch: StepPatch): Promise<void> {
  const tx = (await db()).transaction('steps', 'readwrite');
  merge(tx.objectStore('steps'), [captureId, patch.seq], patch);
  await done(tx);
}

/**
 * Changes a capture and some of its steps together, so a restart never sees one without the
 * other; `removed` steps go with their screenshots.
 */
export async function patchCaptureAndSteps(captureId: string, capturePatch: Partial<CaptureRecord>, steps: readonly StepPatch[], removed: readonly number[] = []): Promise<void> {
  const tx = (await db()).transaction(['captures', 'steps', 'frames'], 'readwrite');
  merge(tx.objectStore('captures'), captureId, capturePatch);
  for (const step of steps) merge(tx.objectStore('steps'), [captureId, step.seq], step);
  for (const seq of removed) {
    tx.objectStore('steps').delete([captureId, seq]);
    tx.objectStore('frames').delete([captureId, seq]);
  }
  await done(tx);
}

export async function getFrame(captureId: string, seq: number): Promise<Blob | undefined> {
  const tx = (await db()).transaction('frames', 'readonly');
  const record = await request(tx.objectStore('frames').get([captureId, seq]) as IDBRequest<FrameRecord | undefined>);
  return record?.blob;
}

/** Drops a screenshot the server has acknowledged. */
export async function deleteFrame(captureId: string, seq: number): Promise<void> {
  const tx = (await db()).transaction('frames', 'readwrite');
  tx.objectStore('frames').delete([captureId, seq]);
  await done(tx);
}

export async function deleteStep(captureId: string, seq: number): Promise<void> {
  const tx = (await db()).transaction(['steps', 'frames'], 'readwrite');
  tx.objectStore('steps').delete([captureId, seq]);
  tx.objectStore('frames').delete([captureId, seq]);
  await done(tx);
}

export async function deleteCapture(id: string): Promise<void> {
  const tx = (await db()).transaction(['captures', 'steps', 'frames'], 'readwrite');
  tx.objectStore('captures').delete(id);
  tx.objectStore('steps').delete(range(id));
  tx.objectStore('frames').delete(range(id));
  await done(tx);
}
