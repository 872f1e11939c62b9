import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import './navigation-progress.css';

/** Waiting less than this shows nothing: a bar that flashes on fast navigations is noise. */
const SHOW_AFTER_MS = 150;

/** A thin bar along the top edge while a navigation loads its route code and data. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const pendingKey = navigation.state === 'idle' ? null : (navigation.location?.key ?? null);
  // The navigation whose wait has passed the threshold; the bar shows while it is still pending.
  const [slowKey, setSlowKey] = useState<string | null>(null);

  useEffect(() => {
    if (pendingKey === null) return;
    const timer = setTimeout(() => setSlowKey(pendingKey), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [pendingKey]);

  const visible = pendingKey !== null && slowKey === pendingKey;
  return <div className="navigation-progress" data-visible={visible || undefined} aria-hidden="true" />;
}
