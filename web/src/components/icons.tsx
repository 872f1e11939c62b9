/** The guides feature's icons: 20 × 20, stroked with the text colour, hidden from screen readers. */
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.6, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const Icons = {
  folder: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M2.8 6.2c0-1 .8-1.7 1.7-1.7h3.2l1.8 1.9h6c1 0 1.7.8 1.7 1.7v6.4c0 1-.8 1.7-1.7 1.7H4.5c-1 0-1.7-.8-1.7-1.7Z" {...stroke} />
    </svg>
  ),
  plus: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M10 4.5v11M4.5 10h11" {...stroke} strokeWidth={1.8} />
    </svg>
  ),
  more: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="4.5" cy="10" r="1.4" fill="currentColor" />
      <circle cx="10" cy="10" r="1.4" fill="currentColor" />
      <circle cx="15.5" cy="10" r="1.4" fill="currentColor" />
    </svg>
  ),
  chart: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M3.5 16.5h13M6 13.5V10M10 13.5V5.5M14 13.5V8" {...stroke} />
    </svg>
  ),
  open: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M11 3.5h5.5V9M16.3 3.7 9.5 10.5M14 12v2.8c0 .9-.7 1.7-1.7 1.7H5.2c-.9 0-1.7-.8-1.7-1.7V7.7c0-.9.8-1.7 1.7-1.7H8" {...stroke} />
    </svg>
  ),
  edit: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="m13 3.8 3.2 3.2-8.7 8.7-3.9.7.7-3.9Z" {...stroke} />
    </svg>
  ),
  move: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M2.8 6.2c0-1 .8-1.7 1.7-1.7h3.2l1.8 1.9h6c1 0 1.7.8 1.7 1.7v6.4c0 1-.8 1.7-1.7 1.7H4.5c-1 0-1.7-.8-1.7-1.7Z" {...stroke} />
      <path d="M7.5 11.2h5m-2-2 2 2-2 2" {...stroke} />
    </svg>
  ),
  duplicate: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <rect x="6.5" y="6.5" width="10" height="10" rx="2" {...stroke} />
      <path d="M13.5 4.3A1.8 1.8 0 0 0 11.7 3H5a2 2 0 0 0-2 2v6.7c0 .8.5 1.5 1.3 1.8" {...stroke} />
    </svg>
  ),
  link: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M8.6 11.4a3.2 3.2 0 0 0 4.6 0l2.6-2.6a3.2 3.2 0 0 0-4.6-4.6l-1 1" {...stroke} />
      <path d="M11.4 8.6a3.2 3.2 0 0 0-4.6 0l-2.6 2.6a3.2 3.2 0 0 0 4.6 4.6l1-1" {...stroke} />
    </svg>
  ),
  embed: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="m7 6-4 4 4 4M13 6l4 4-4 4" {...stroke} />
    </svg>
  ),
  lock: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <rect x="4.5" y="8.8" width="11" height="8" rx="1.8" {...stroke} />
      <path d="M7 8.8V6.5a3 3 0 0 1 6 0v2.3" {...stroke} />
    </svg>
  ),
  trash: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M3.8 5.5h12.4M8 5.5V4h4v1.5M5.5 5.5l.7 10.3c.1.9.8 1.5 1.6 1.5h4.4c.9 0 1.6-.6 1.6-1.5l.7-10.3" {...stroke} />
    </svg>
  ),
  search: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="8.8" cy="8.8" r="5.3" {...stroke} />
      <path d="m12.8 12.8 3.9 3.9" {...stroke} />
    </svg>
  ),
  image: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <rect x="2.8" y="4" width="14.4" height="12" rx="2" {...stroke} />
      <circle cx="7.3" cy="8.3" r="1.3" {...stroke} />
      <path d="m4 14.5 3.7-3.6 2.5 2.4 2.2-2.1 3.6 3.3" {...stroke} />
    </svg>
  ),
  upload: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M10 13V3.8M6.3 7.3 10 3.6l3.7 3.7M3.5 12.5v2.2c0 .9.8 1.7 1.7 1.7h9.6c.9 0 1.7-.8 1.7-1.7v-2.2" {...stroke} />
    </svg>
  ),
  retry: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M15.8 10a5.8 5.8 0 1 1-1.7-4.1M16 3.8v3.4h-3.4" {...stroke} />
    </svg>
  ),
  undo: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M7.5 5 4 8.5 7.5 12M4.5 8.5h7a4.5 4.5 0 0 1 0 9h-2" {...stroke} />
    </svg>
  ),
  redo: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M12.5 5 16 8.5 12.5 12M15.5 8.5h-7a4.5 4.5 0 0 0 0 9h2" {...stroke} />
    </svg>
  ),
  close: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="m5.5 5.5 9 9m0-9-9 9" {...stroke} />
    </svg>
  ),
  check: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="m5 10.4 3.2 3.2L15 6.7" {...stroke} strokeWidth={2} />
    </svg>
  ),
  arrowUp: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M10 15.5v-11M5.5 9 10 4.5 14.5 9" {...stroke} />
    </svg>
  ),
  arrowDown: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M10 4.5v11M5.5 11l4.5 4.5 4.5-4.5" {...stroke} />
    </svg>
  ),
  back: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M15.5 10h-11M9 5.5 4.5 10 9 14.5" {...stroke} />
    </svg>
  ),
  play: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M6.5 4.6v10.8c0 .6.7 1 1.2.7l8.3-5.4a.8.8 0 0 0 0-1.4L7.7 3.9c-.5-.3-1.2.1-1.2.7Z" {...stroke} />
    </svg>
  ),
  share: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M10 12.5V3.5M6.5 7 10 3.5 13.5 7M4.5 10.5v4.3c0 .9.7 1.7 1.7 1.7h7.6c.9 0 1.7-.8 1.7-1.7v-4.3" {...stroke} />
    </svg>
  ),
  grip: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      {[6.5, 10, 13.5].flatMap((y) => [7.5, 12.5].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.2" fill="currentColor" />))}
    </svg>
  ),
  zoom: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="8.8" cy="8.8" r="5.3" {...stroke} />
      <path d="m12.8 12.8 3.9 3.9M8.8 6.6v4.4M6.6 8.8h4.4" {...stroke} />
    </svg>
  ),
};
