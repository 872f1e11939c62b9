import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** actions, right-aligned */
  footer?: ReactNode;
  /** `false` while a request is pending: Escape, an outside click and the close button do nothing */
  dismissible?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>`: `showModal()` makes the rest of the page inert (the
 * focus trap) and puts it in the top layer; focus returns to the opener on close. It is rendered
 * at the end of `body`, so that a dialog opened from a hidden or clipped container (the phone
 * navigation drawer, a menu) still shows.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  dismissible = true,
  size = 'md',
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const pressStartedOnBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    if (open) return;
    // Back to whatever opened the dialog, if it is still on the page.
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  }, [open]);

  const requestClose = () => {
    if (dismissible) onOpenChange(false);
  };

  return createPortal(
    <dialog
      ref={ref}
      className={['dialog', `dialog--${size}`, className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onClose={() => {
        // The browser may close a dialog by itself (a repeated Escape is not cancelable).
        if (!open) return;
        if (dismissible) onOpenChange(false);
        else ref.current?.showModal();
      }}
      onPointerDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // The panel fills the dialog box, so a click on the element itself is on the backdrop.
        if (event.target === event.currentTarget && pressStartedOnBackdrop.current) requestClose();
      }}
    >
      {open ? (
        <div className="dialog__panel">
          {/* A div, not <header>: inside a dialog a header landmark reads as a second page banner. */}
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button
              type="button"
              className="dialog__close"
              aria-label="Close"
              onClick={requestClose}
              disabled={!dismissible}
            >
              <svg viewBox="0 0 16 16" aria-hidden="true">
                <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {description ? (
            <p id={descriptionId} className="dialog__description">
              {description}
            </p>
          ) : null}
          {children ? <div className="dialog__body">{children}</div> : null}
          {footer ? <footer className="dialog__footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>,
    document.body,
  );
}
