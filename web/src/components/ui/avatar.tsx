import type { CSSProperties } from 'react';
import './avatar.css';

/** Up to two initials of a name ('Ada Lovelace' → 'AL'); the first letter of an email otherwise. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [words[0]?.[0]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

const HUES = [243, 262, 199, 173, 330, 25];

/** A round badge with a person's or organisation's initials; decorative, the name is beside it. */
export function Avatar({ name, size = 'md', shape = 'round' }: { name: string; size?: 'sm' | 'md' | 'lg'; shape?: 'round' | 'square' }) {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = HUES[hash % HUES.length];
  return (
    <span className={`avatar avatar--${size} avatar--${shape}`} style={{ '--avatar-hue': hue } as CSSProperties} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
