import { escapeHtml } from './html';
import {
  ANNOTATION_COLOURS,
  DEFAULT_ANNOTATION_COLOUR,
  annotationMetrics,
  arrowGeometry,
  badgeCircle,
  badgeNumbers,
  clampUnit,
  describeAnnotation,
  labelBox,
  type Annotation,
  type Box,
} from './annotation-geometry';

/**
 * The one drawing of a slide's annotations, as SVG markup over an image `width`×`height` pixels:
 * the player and the embed put it over the screenshot (it scales with it, as the image is cut to
 * its frame), the HTML export inlines it, and the PDF, Markdown and video exports rasterise it
 * onto the screenshot with sharp. Colours come from the palette by name only and label text is
 * escaped, so nothing stored can add markup.
 */
export const ANNOTATION_FONT_FAMILY = "'DejaVu Sans', Verdana, 'Segoe UI', system-ui, sans-serif";

const n = (value: number) => String(Math.round(value * 100) / 100);
const colourOf = (annotation: Annotation) => ANNOTATION_COLOURS[annotation.colour] ?? ANNOTATION_COLOURS[DEFAULT_ANNOTATION_COLOUR];
const HALO = '#ffffff';

function shape(annotation: Annotation, numbers: Map<string, number>, width: number, height: number): string {
  const m = annotationMetrics(width, height);
  const colour = colourOf(annotation);
  const open = `<g data-annotation="${escapeHtml(annotation.id)}" data-kind="${annotation.kind}">`;
  switch (annotation.kind) {
    case 'arrow': {
      const { from, shaftEnd, head } = arrowGeometry(annotation, width, height);
      const line = `x1="${n(from.x)}" y1="${n(from.y)}" x2="${n(shaftEnd.x)}" y2="${n(shaftEnd.y)}"`;
      const points = head.map((p) => `${n(p.x)},${n(p.y)}`).join(' ');
      return (
        open +
        `<line ${line} stroke="${HALO}" stroke-opacity="0.85" stroke-width="${n(m.halo * 2)}" stroke-linecap="round"/>` +
        `<polygon points="${points}" fill="${HALO}" fill-opacity="0.85" stroke="${HALO}" stroke-opacity="0.85" stroke-width="${n(m.halo)}" stroke-linejoin="round"/>` +
        `<line ${line} stroke="${colour}" stroke-width="${n(m.stroke * 2)}" stroke-linecap="round"/>` +
        `<polygon points="${points}" fill="${colour}" stroke="${colour}" stroke-width="${n(m.stroke)}" stroke-linejoin="round"/></g>`
      );
    }
    case 'rect': {
      const x = clampUnit(annotation.x) * width;
      const y = clampUnit(annotation.y) * height;
      const box = `x="${n(x)}" y="${n(y)}" width="${n(Math.min(clampUnit(annotation.width) * width, width - x))}" height="${n(Math.min(clampUnit(annotation.height) * height, height - y))}" rx="${n(m.stroke * 1.5)}" fill="none"`;
      return (
        open +
        `<rect ${box} stroke="${HALO}" stroke-opacity="0.85" stroke-width="${n(m.halo * 2)}"/>` +
        `<rect ${box} stroke="${colour}" stroke-width="${n(m.stroke * 2)}"/></g>`
      );
    }
    case 'label': {
      const box = labelBox(annotation, width, height);
      return (
        open +
        `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.width)}" height="${n(box.height)}" rx="${n(m.fontSize * 0.3)}" fill="${colour}" stroke="${HALO}" stroke-width="${n(m.stroke * 0.6)}"/>` +
        `<text x="${n(box.x + m.labelPadX)}" y="${n(box.y + box.height / 2)}" dominant-baseline="central" font-family="${escapeHtml(ANNOTATION_FONT_FAMILY)}" font-size="${n(m.fontSize)}" font-weight="600" fill="#ffffff">${escapeHtml(annotation.text)}</text></g>`
      );
    }
    case 'badge': {
      const { cx, cy, r } = badgeCircle(annotation, width, height);
      return (
        open +
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${colour}" stroke="${HALO}" stroke-width="${n(m.stroke * 0.8)}"/>` +
        `<text x="${n(cx)}" y="${n(cy)}" text-anchor="middle" dominant-baseline="central" font-family="${escapeHtml(ANNOTATION_FONT_FAMILY)}" font-size="${n(r * 1.1)}" font-weight="700" fill="#ffffff">${numbers.get(annotation.id) ?? ''}</text></g>`
      );
    }
  }
}

/**
 * The whole pixels `shape` can paint for these annotations, inside the image: each shape's
 * extent with its strokes, halo and anti-aliasing, a label's to the image's right edge (its
 * text's width is an estimate, and the font may run wider); null when nothing is painted.
 */
export function annotationsBounds(annotations: readonly Annotation[], width: number, height: number): Box | null {
  if (annotations.length === 0 || !(width > 0) || !(height > 0)) return null;
  const m = annotationMetrics(width, height);
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  const cover = (x0: number, y0: number, x1: number, y1: number, pad: number) => {
    left = Math.min(left, x0 - pad);
    top = Math.min(top, y0 - pad);
    right = Math.max(right, x1 + pad);
    bottom = Math.max(bottom, y1 + pad);
  };
  // strokes are centred on their path: half the widest (the halo, 2 × m.halo) falls outside, plus 2 px of anti-aliasing
  const pad = m.halo + m.stroke + 2;
  for (const annotation of annotations) {
    switch (annotation.kind) {
      case 'arrow': {
        const { from, shaftEnd, head } = arrowGeometry(annotation, width, height);
        const xs = [from.x, shaftEnd.x, ...head.map((p) => p.x)];
        const ys = [from.y, shaftEnd.y, ...head.map((p) => p.y)];
        cover(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), pad);
        break;
      }
      case 'rect': {
        const x = clampUnit(annotation.x) * width;
        const y = clampUnit(annotation.y) * height;
        cover(x, y, x + clampUnit(annotation.width) * width, y + clampUnit(annotation.height) * height, pad);
        break;
      }
      case 'label': {
        const box = labelBox(annotation, width, height);
        cover(box.x, box.y, width, box.y + box.height, pad + m.fontSize);
        break;
      }
      case 'badge': {
        const { cx, cy, r } = badgeCircle(annotation, width, height);
        cover(cx - r, cy - r, cx + r, cy + r, pad + r);
        break;
      }
    }
  }
  const x = Math.max(0, Math.floor(left));
  const y = Math.max(0, Math.floor(top));
  const box = { x, y, width: Math.min(Math.ceil(width), Math.ceil(right)) - x, height: Math.min(Math.ceil(height), Math.ceil(bottom)) - y };
  return box.width > 0 && box.height > 0 ? box : null;
}

/** What the annotations say, for the SVG's accessible name: "Annotations: Arrow; Label “Save”". */
export function annotationsLabel(annotations: readonly Annotation[]): string {
  const numbers = badgeNumbers(annotations);
  return `Annotations: ${annotations.map((a) => describeAnnotation(a, numbers)).join('; ')}`;
}

/**
 * The annotations as one `<svg>` sized `width`×`height` (its viewBox the same), or an empty string
 * without any. `fit` is how it scales into a box of another shape: `slice` matches an image
 * shown with `object-fit: cover`. `region` draws only that part of the image (the exports
 * rasterise just the box the annotations cover, its pixels the same as in the whole drawing).
 */
export function annotationsSvg(
  annotations: readonly Annotation[],
  width: number,
  height: number,
  options: { fit?: 'slice' | 'meet'; className?: string; region?: Box } = {},
): string {
  if (annotations.length === 0 || !(width > 0) || !(height > 0)) return '';
  const numbers = badgeNumbers(annotations);
  const view = options.region ?? { x: 0, y: 0, width, height };
  const attributes = [
    'xmlns="http://www.w3.org/2000/svg"',
    `width="${n(view.width)}"`,
    `height="${n(view.height)}"`,
    `viewBox="${n(view.x)} ${n(view.y)} ${n(view.width)} ${n(view.height)}"`,
    `preserveAspectRatio="xMidYMid ${options.fit ?? 'meet'}"`,
    options.className ? `class="${escapeHtml(options.className)}"` : '',
    'role="img"',
    `aria-label="${escapeHtml(annotationsLabel(annotations))}"`,
  ].filter(Boolean);
  return `<svg ${attributes.join(' ')}>${annotations.map((a) => shape(a, numbers, width, height)).join('')}</svg>`;
}
