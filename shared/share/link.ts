import slugify from 'slugify';

// Reading a link (the id of a segment) needs no slug library: it has its own module.
export { GUIDE_ID_LENGTH, guideIdFromSegment } from './id';

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
