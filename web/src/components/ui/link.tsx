import { useEffect, useRef, type FocusEventHandler, type PointerEventHandler, type TouchEventHandler } from 'react';
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  useResolvedPath,
  type LinkProps as RouterLinkProps,
  type NavLinkProps as RouterNavLinkProps,
  type To,
} from 'react-router';
import { useRoutePreload } from '#web/lib/route-preload';

/** `intent`: load the target's code and data on hover or focus (product-spec.md §2). `false`: never. */
export type Preload = 'intent' | false;

/** Hovering this long counts as intent; sweeping the pointer across a link does not. */
const HOVER_INTENT_MS = 50;

interface IntentHandlers {
  onPointerEnter?: PointerEventHandler<HTMLAnchorElement> | undefined;
  onPointerLeave?: PointerEventHandler<HTMLAnchorElement> | undefined;
  onFocus?: FocusEventHandler<HTMLAnchorElement> | undefined;
  onTouchStart?: TouchEventHandler<HTMLAnchorElement> | undefined;
}

function usePreloadOnIntent(to: To, enabled: boolean, handlers: IntentHandlers): Required<IntentHandlers> {
  const preloadRoute = useRoutePreload();
  const { pathname, search } = useResolvedPath(to);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const start = () => {
    if (enabled) void preloadRoute(pathname + search);
  };

  return {
    onPointerEnter: (event) => {
      handlers.onPointerEnter?.(event);
      clearTimeout(timer.current);
      timer.current = setTimeout(start, HOVER_INTENT_MS);
    },
    onPointerLeave: (event) => {
      handlers.onPointerLeave?.(event);
      clearTimeout(timer.current);
    },
    onFocus: (event) => {
      handlers.onFocus?.(event);
      start();
    },
    onTouchStart: (event) => {
      handlers.onTouchStart?.(event);
      start();
    },
  };
}

export interface LinkProps extends RouterLinkProps {
  /** @default 'intent' */
  preload?: Preload;
}

/** The in-app link: react-router's `Link` that preloads its route on intent. */
export function Link({ preload = 'intent', onPointerEnter, onPointerLeave, onFocus, onTouchStart, ...props }: LinkProps) {
  const intent = usePreloadOnIntent(props.to, preload === 'intent' && !props.reloadDocument, {
    onPointerEnter,
    onPointerLeave,
    onFocus,
    onTouchStart,
  });
  return <RouterLink {...props} {...intent} />;
}

export interface NavLinkProps extends RouterNavLinkProps {
  /** @default 'intent' */
  preload?: Preload;
}

/** `Link` for navigation menus: marks the current page with `aria-current="page"`. */
export function NavLink({ preload = 'intent', onPointerEnter, onPointerLeave, onFocus, onTouchStart, ...props }: NavLinkProps) {
  const intent = usePreloadOnIntent(props.to, preload === 'intent' && !props.reloadDocument, {
    onPointerEnter,
    onPointerLeave,
    onFocus,
    onTouchStart,
  });
  return <RouterNavLink {...props} {...intent} />;
}
