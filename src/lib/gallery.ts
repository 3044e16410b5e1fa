import type { PublicTutor } from '../contract/entities.ts';

/**
 * The home page's tutor gallery as HTML: rendered at build time into the static page, and again by
 * the server when the team changes (server/live-home.ts), so both are the same markup from one
 * place. It starts and ends with markers the server uses to swap it.
 */
export const GALLERY_START = '<div id="tutor-gallery">';
export const GALLERY_END = '<!--/tutor-gallery--></div>';

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]!);

/** 'Jordan Alvarez' → 'JA' (first letters of the first and last words). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * Each tutor's photo sits over their initials: a tutor without a photo (the photo route answers 404
 * with `fallback=none`, instead of its '?' placeholder) shows the initials, never a '?'.
 */
export function galleryHtml(tutors: Pick<PublicTutor, 'id' | 'name' | 'background'>[]): string {
  const items = tutors
    .map(
      (t) =>
        `<li class="gallery-tutor"><span class="gallery-photo" data-initials="${escape(initials(t.name))}"><img src="/tutor_images/${encodeURIComponent(String(t.id))}.jpg?fallback=none" alt="" width="160" height="160" loading="lazy" decoding="async"></span><h3>${escape(t.name)}</h3><p>${escape(t.background)}</p></li>`,
    )
    .join('');
  const empty = tutors.length === 0 ? '<p>Our tutors will be introduced here soon.</p>' : '';
  return `${GALLERY_START}${empty}<ul class="gallery">${items}</ul>${GALLERY_END}`;
}
