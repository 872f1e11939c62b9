import { useEffect, useState } from 'react';
import { EmbedApp, loadEmbed, type EmbedResult } from './embed-app';

/**
 * `/share/{slug}-{id}/embed` reached by a navigation inside the app (a page load mounts the embed
 * straight from the entry, without the router: see `main.tsx` and `mountEmbed`). The same small
 * app either way: it loads its guide and shows its own not-found and error states.
 */
export default function ShareEmbedRoute() {
  const [initial, setInitial] = useState<EmbedResult | null>(null);
  useEffect(() => {
    let current = true;
    void loadEmbed(window.location.pathname, window.location.search).then((result) => {
      if (current) setInitial(result);
    });
    return () => {
      current = false;
    };
  }, []);
  return initial ? <EmbedApp initial={initial} /> : null;
}
