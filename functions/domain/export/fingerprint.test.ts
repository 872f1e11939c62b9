import { describe, expect, it } from 'vitest';
import { CreateExportBody } from '#shared/exports';
import { fingerprintOf } from './fingerprint';

const request = CreateExportBody.parse({ format: 'html' });
const guide = { title: 'Save a report', zoomLevel: 1.5, isHighlightVisible: true };
const slide = { slideId: 's1', text: 'Click **Save**', screenshotKey: 'k.png', click: { x: 1, y: 2 } };
const arrow = { id: 'a', kind: 'arrow', colour: 'rose', from: { x: 0.1, y: 0.1 }, to: { x: 0.5, y: 0.5 } };

describe('an export\'s fingerprint', () => {
  it('changes with the annotations, so an export made before them is not reused', () => {
    const bare = fingerprintOf(request, guide, [slide]);
    expect(fingerprintOf(request, guide, [{ ...slide, annotations: [] }])).toBe(bare);
    const annotated = fingerprintOf(request, guide, [{ ...slide, annotations: [arrow] }]);
    expect(annotated).not.toBe(bare);
    expect(fingerprintOf(request, guide, [{ ...slide, annotations: [{ ...arrow, colour: 'indigo' }] }])).not.toBe(annotated);
  });
});
