import type { Annotation } from '#shared/annotation-geometry';

/**
 * Annotations the demo guides show (the captures have none: an author adds them in the design
 * view), by guide slug and step index: the first guide's first step points at its button.
 */
export const SEED_ANNOTATIONS: Partial<Record<string, Record<number, Annotation[]>>> = {
  'acme-crm': {
    0: [
      { id: 'seedarrow1', kind: 'arrow', colour: 'rose', from: { x: 0.7, y: 0.36 }, to: { x: 0.89, y: 0.2 } },
      { id: 'seedlabel1', kind: 'label', colour: 'indigo', x: 0.55, y: 0.37, text: 'Start here' },
    ],
  },
};
