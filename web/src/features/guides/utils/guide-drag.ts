import { z } from 'zod';

/**
 * A guide card dragged onto a folder of the sidebar (HTML5 drag and drop). The card's Move
 * action is the keyboard way to do the same.
 */
export const GUIDE_DRAG_TYPE = 'application/x-stepcast-guide';

const DraggedGuide = z.object({ id: z.string(), title: z.string(), folderId: z.string().nullable() });
export type DraggedGuide = z.infer<typeof DraggedGuide>;

export function setDraggedGuide(data: DataTransfer, guide: DraggedGuide): void {
  data.setData(GUIDE_DRAG_TYPE, JSON.stringify({ id: guide.id, title: guide.title, folderId: guide.folderId }));
  data.setData('text/plain', guide.title);
  data.effectAllowed = 'move';
}

/** Whether a drag carries a guide (readable during dragover, when only the types are). */
export function isGuideDrag(data: DataTransfer): boolean {
  return Array.from(data.types).includes(GUIDE_DRAG_TYPE);
}

/** The dragged guide on drop; undefined for anything else (a drag from another page or app). */
export function draggedGuide(data: DataTransfer): DraggedGuide | undefined {
  try {
    const parsed = DraggedGuide.safeParse(JSON.parse(data.getData(GUIDE_DRAG_TYPE)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
