import { sharePath } from '#shared/share/link';
import { toast } from '#web/components/ui/toast';

/** Copies the absolute share link of a guide (`/share/{slug}-{id}`) and says so; a draft's link opens only once published. */
export async function copyShareLink(guide: { id: string; title: string; status: 'draft' | 'published' }): Promise<void> {
  const url = new URL(sharePath(guide), window.location.origin).href;
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Share link copied', {
      description: guide.status === 'draft' ? 'This guide is a draft: publish it so the link opens for others.' : url,
    });
  } catch {
    toast.error('The link could not be copied', { description: url });
  }
}
