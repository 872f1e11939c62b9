import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { To } from 'react-router';
import { Link } from './link';
import './menu.css';

interface MenuContextValue {
  close: (returnFocus?: boolean) => void;
}

const MenuContext = createContext<MenuContextValue>({ close: () => undefined });

export interface MenuProps {
  /** the trigger's content; give it a name that says what the menu is for */
  trigger: ReactNode;
  triggerClassName?: string;
  /** the trigger's accessible name when its content is not enough */
  triggerLabel?: string;
  children: ReactNode;
  /** which edge of the trigger the panel lines up with */
  align?: 'start' | 'end';
  /**
   * open below (default) or above the trigger (a menu at the bottom of a sidebar); a menu that
   * opens below turns upwards when the window has more room above it than below
   */
  side?: 'bottom' | 'top';
  /** a class for the panel (width) */
  className?: string;
}

function items(panel: HTMLElement | null): HTMLElement[] {
  if (!panel) return [];
  return Array.from(panel.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])'));
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or the arrows open it and focus an item,
 * the arrows, Home and End move, Escape closes it and returns to the button, Tab and a click
 * outside close it.
 */
export function Menu({ trigger, triggerClassName, triggerLabel, children, align = 'start', side = 'bottom', className }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [focusTarget, setFocusTarget] = useState<'first' | 'last'>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const triggerId = useId();
  const panelId = useId();
  const [placement, setPlacement] = useState<{ side: 'bottom' | 'top'; maxHeight?: number }>({ side });

  // Measured before the panel is painted: a menu low in the window opens upwards, and no panel
  // reaches past the window's edge (its items scroll inside it instead).
  useLayoutEffect(() => {
    if (!open) return;
    const trigger = triggerRef.current?.getBoundingClientRect();
    const panel = panelRef.current;
    if (!trigger || !panel) return;
    const margin = 8;
    const below = window.innerHeight - trigger.bottom - margin;
    const above = trigger.top - margin;
    const wanted = panel.scrollHeight;
    const chosen = side === 'bottom' && wanted > below && above > below ? 'top' : side;
    const room = Math.floor(chosen === 'bottom' ? below : above);
    setPlacement(wanted > room ? { side: chosen, maxHeight: Math.max(room, 120) } : { side: chosen });
  }, [open, side]);

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const list = items(panelRef.current);
    (focusTarget === 'first' ? list[0] : list.at(-1))?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, focusTarget]);

  const openWith = (target: 'first' | 'last') => {
    setFocusTarget(target);
    setOpen(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items(panelRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (next: number) => {
      event.preventDefault();
      list[(next + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <div ref={rootRef} className="menu">
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={triggerClassName}
        aria-label={triggerLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? setOpen(false) : openWith('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      {open ? (
        <MenuContext value={{ close }}>
          <div
            ref={panelRef}
            id={panelId}
            role="menu"
            aria-labelledby={triggerId}
            className={['menu__panel', `menu__panel--${align}`, `menu__panel--${placement.side}`, className].filter(Boolean).join(' ')}
            style={placement.maxHeight !== undefined ? { maxHeight: placement.maxHeight } : undefined}
            onKeyDown={onPanelKeyDown}
          >
            {children}
          </div>
        </MenuContext>
      ) : null}
    </div>
  );
}

interface ItemContentProps {
  icon?: ReactNode;
  children: ReactNode;
  /** a second line */
  description?: ReactNode;
}

function ItemContent({ icon, children, description }: ItemContentProps) {
  return (
    <>
      {icon ? (
        <span className="menu__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className="menu__text">
        <span className="menu__label">{children}</span>
        {description ? <span className="menu__description">{description}</span> : null}
      </span>
    </>
  );
}

export interface MenuItemProps extends ItemContentProps {
  onSelect: () => void;
  /** a radio item (one of a set, e.g. the active organisation) */
  checked?: boolean;
  tone?: 'default' | 'danger';
}

export function MenuItem({ onSelect, checked, tone = 'default', ...content }: MenuItemProps) {
  const { close } = useContext(MenuContext);
  return (
    <button
      type="button"
      role={checked === undefined ? 'menuitem' : 'menuitemradio'}
      aria-checked={checked}
      tabIndex={-1}
      className={`menu__item menu__item--${tone}`}
      onClick={() => {
        close(false);
        onSelect();
      }}
    >
      <ItemContent {...content} />
      {checked ? (
        <svg className="menu__check" viewBox="0 0 16 16" aria-hidden="true">
          <path d="m3.5 8.3 2.8 2.8 6.2-6.3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      ) : null}
    </button>
  );
}

export interface MenuLinkProps extends ItemContentProps {
  to: To;
}

export function MenuLink({ to, ...content }: MenuLinkProps) {
  const { close } = useContext(MenuContext);
  return (
    <Link to={to} role="menuitem" tabIndex={-1} className="menu__item" onClick={() => close(false)}>
      <ItemContent {...content} />
    </Link>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="menu__separator" />;
}

/** Items under a visible heading; the group is named by it for screen readers. */
export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label}>
      <div className="menu__group-label" aria-hidden="true">
        {label}
      </div>
      {children}
    </div>
  );
}
