import { useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { toast } from '#web/components/ui/toast';
import { Link } from '#web/components/ui/link';
import { Tooltip } from '#web/components/ui/tooltip';
import { paths } from '#web/config/paths';
import { useDocumentHead } from '#web/lib/document-head';

const VARIANTS: ButtonVariant[] = ['default', 'outline', 'ghost'];
const SIZES: ButtonSize[] = ['sm', 'md', 'lg'];

/** Development only (`/_dev/ui`): every UI kit piece in one place, to look at and to try. */
export default function UiKitRoute() {
  useDocumentHead({ title: 'UI kit' });
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  const confirm = () => {
    setPending(true);
    setTimeout(() => {
      setPending(false);
      setOpen(false);
      toast.success('Welcome aboard!', { description: 'Your subscription is confirmed.', duration: 5000 });
    }, 1500);
  };

  return (
    <div className="container" style={{ paddingBlock: '3rem', display: 'grid', gap: '2.5rem' }}>
      <h1>UI kit</h1>
      <section aria-labelledby="buttons" style={{ display: 'grid', gap: '1rem' }}>
        <h2 id="buttons">Buttons</h2>
        {VARIANTS.map((variant) => (
          <div key={variant} style={{ display: 'flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap' }}>
            {SIZES.map((size) => (
              <Button key={size} variant={variant} size={size}>
                {variant} {size}
              </Button>
            ))}
            <Button variant={variant} loading>
              Loading
            </Button>
            <Button variant={variant} disabled>
              Disabled
            </Button>
          </div>
        ))}
      </section>
      <section aria-labelledby="overlays" style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
        <h2 id="overlays" style={{ width: '100%' }}>
          Dialog, toasts, tooltip
        </h2>
        <Button onClick={() => setOpen(true)}>Open dialog</Button>
        <Button variant="outline" onClick={() => toast.info('Guide saved', { description: 'All changes are stored.' })}>
          Info toast
        </Button>
        <Button variant="outline" onClick={() => toast.success('Welcome aboard!', { description: 'Your subscription is confirmed.' })}>
          Success toast
        </Button>
        <Button
          variant="outline"
          onClick={() => toast.error('Something went wrong', { action: { label: 'Retry', onClick: () => toast.info('Retrying') } })}
        >
          Error toast
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            const id = toast.loading('Exporting video…', { description: 'This can take a minute.' });
            setTimeout(() => toast({ id, type: 'success', title: 'Export ready' }), 2500);
          }}
        >
          Loading toast
        </Button>
        <Tooltip content="Copies the share link">
          <Button variant="ghost">Hover or focus me</Button>
        </Tooltip>
      </section>
      <section aria-labelledby="links">
        <h2 id="links">Preloading links</h2>
        <p>
          Hover or focus to preload the route&rsquo;s code and data:{' '}
          <Link to={paths.share.getHref('sample-guide-abcdefghijkl')}>a sample shared guide</Link>
        </p>
      </section>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        dismissible={!pending}
        title="Get started with Stepcast"
        description="Everything you need to create, narrate, and share guides."
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={pending}>
              Start 7-day free trial
            </Button>
          </>
        }
      >
        <p>While the request is pending the dialog cannot be closed.</p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => toast.error('Failed to confirm subscription. Please try again.', { action: { label: 'Retry', onClick: () => undefined } })}
        >
          Raise a toast above the dialog
        </Button>
      </Dialog>
    </div>
  );
}
