import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import './tooltip.css';

export const TOOLTIP_DELAY_MS = 250;

export interface TooltipProps {
  content: ReactNode;
  /** one focusable element (a button or a link); it gets `aria-describedby` */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  side?: 'top' | 'bottom';
}

/**
 * A short description shown after 250 ms of hover or on keyboard focus (product-spec.md §9), hidden on
 * leave, blur or Escape. It describes its trigger; it never holds anything interactive.
 */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };

  const describedBy = [children.props['aria-describedby'], id].filter(Boolean).join(' ');

  return (
    <span className="tooltip" onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide}>
      {cloneElement(children, { 'aria-describedby': describedBy })}
      <span id={id} role="tooltip" className={`tooltip__content tooltip__content--${side}`} data-open={open || undefined}>
        {content}
      </span>
    </span>
  );
}
