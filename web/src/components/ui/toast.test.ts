import { describe, expect, it } from 'vitest';
import { createToastStore, TOAST_DEFAULT_DURATION_MS } from './toast';

describe('toast store', () => {
  it('gives a toast the default type and 4000 ms duration', () => {
    const store = createToastStore();
    store.show({ title: 'Saved' });
    expect(store.getSnapshot()[0]).toMatchObject({ type: 'info', title: 'Saved', duration: TOAST_DEFAULT_DURATION_MS });
    expect(TOAST_DEFAULT_DURATION_MS).toBe(4000);
  });

  it('keeps a loading toast until it is updated or dismissed', () => {
    const store = createToastStore();
    store.show({ type: 'loading', title: 'Exporting' });
    expect(store.getSnapshot()[0]?.duration).toBe(Infinity);
  });

  it('updates a toast in place when shown again with its id', () => {
    const store = createToastStore();
    const id = store.show({ type: 'loading', title: 'Exporting' });
    store.show({ id, type: 'success', title: 'Export ready' });
    expect(store.getSnapshot()).toHaveLength(1);
    expect(store.getSnapshot()[0]).toMatchObject({ id, type: 'success', title: 'Export ready', duration: 4000 });
  });

  it('dismisses one toast, or all', () => {
    const store = createToastStore();
    const first = store.show({ title: 'One' });
    store.show({ title: 'Two' });
    store.dismiss(first);
    expect(store.getSnapshot().map((toast) => toast.title)).toEqual(['Two']);
    store.dismiss();
    expect(store.getSnapshot()).toEqual([]);
  });

  it('notifies subscribers on every change', () => {
    const store = createToastStore();
    let notified = 0;
    const unsubscribe = store.subscribe(() => (notified += 1));
    store.show({ title: 'One' });
    store.dismiss();
    unsubscribe();
    store.show({ title: 'Two' });
    expect(notified).toBe(2);
  });
});
