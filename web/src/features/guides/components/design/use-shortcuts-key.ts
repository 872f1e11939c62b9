import { useEffect } from 'react';
import { isTextTarget } from '../../utils/edit-history';

/** `?` shows the shortcuts, anywhere but in a text field or over an open dialog. */
export function useShortcutsKey(showShortcuts: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || isTextTarget(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      showShortcuts();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [showShortcuts]);
}
