import slugify from 'slugify';

/** Guide ids are 12 characters (spec §9); the share segment ends with one. */
export const GUIDE_ID_LENGTH = 12;

/** The lowercased, strict slug of a title: letters, digits and dashes only. */
export function slugifyTitle(title: string): string {
  return slugify(title, { lower: true, strict: true, trim: true }).slice(0, 80).replace(/-+$/, '');
}

/** `/share/{slug}-{id}`; a title with no sluggable characters gives `/share/{id}`. */
export function shareSegment(guide: { id: string; title: string }): string {
  const slug = slugifyTitle(guide.title);
  return slug ? `${slug}-${guide.id}` : guide.id;
}

export function sharePath(guide: { id: string; title: string }): string {
  return `/share/${shareSegment(guide)}`;
}

export function embedPath(guide: { id: string; title: string }): string {
  return `${sharePath(guide)}/embed`;
}

export function designPath(guide: { id: string; title: string }): string {
  return `${sharePath(guide)}/design`;
}

/**
 * The guide id of a share segment: its last 12 characters. A shorter segment throws an error
 * with no message (spec §5).
 */
export function guideIdFromSegment(segment: string): string {
  const id = segment.slice(-GUIDE_ID_LENGTH);
  if (id.length !== GUIDE_ID_LENGTH) throw new Error();
  return id;
}
