import type { SchoolId } from '../config/site.ts';

/**
 * The booking widget's options (issue 26): what a partner writes as attributes on the widget's
 * element, what `embed.js` passes to the frame in its address, and what the frame applies. The
 * supervisor's Embed screen writes the snippet from the same names, so the three cannot disagree.
 */
export interface EmbedOptions {
  /** The school the flow opens on. */
  school?: SchoolId;
  /** A course number ('MATH 125'): the flow opens with it chosen. */
  course?: string;
  /** A CSS colour for buttons and links. */
  accent?: string;
  /** A CSS length for the corners. */
  radius?: string;
  /** A CSS font family; the attribute's `inherit` is replaced by the host page's own by embed.js. */
  font?: string;
  /** The IANA zone that times are shown in (the viewer's own by default). */
  zone?: string;
}

export type EmbedOption = keyof EmbedOptions;

/** Each option's attribute on the partner's element, in the order a snippet lists them. */
export const EMBED_ATTRIBUTES: Readonly<Record<EmbedOption, string>> = {
  school: 'data-school',
  course: 'data-course',
  accent: 'data-accent',
  radius: 'data-radius',
  font: 'data-font',
  zone: 'data-locale-zone',
};

/**
 * The height an inline widget holds from the partner page's first paint (the snippet's inline style;
 * embed.js sets it too when a partner left it out): the first step's height at widths from 360 px
 * (955 px there, 892 at 412, about 800 from 600 up), so the frame's arrival moves nothing on the
 * partner's page. A taller step grows the widget; a shorter one leaves it at this height.
 */
export const RESERVED_HEIGHT_PX = 960;

/** The frame's page; its address carries the options as query parameters named like the options. */
export const EMBED_FRAME_PATH = '/embed/booking';

/** The element a partner writes: inline, or a button that opens the widget in a dialog. */
export type EmbedMode = 'inline' | 'popup';

const SCHOOLS: readonly SchoolId[] = ['university', 'highschool'];

/** The query of the frame's address for these options (empty values left out). */
export function embedFrameQuery(options: EmbedOptions): string {
  const query = new URLSearchParams();
  for (const name of Object.keys(EMBED_ATTRIBUTES) as EmbedOption[]) {
    const value = options[name]?.trim();
    if (value) query.set(name, value);
  }
  return query.toString();
}

/** What the browser can tell about a CSS value (`CSS.supports`); a parameter so tests can run without a DOM. */
export type CssSupports = (property: string, value: string) => boolean;

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The partner's look: the options that only style the frame. */
export type EmbedLook = Pick<EmbedOptions, 'accent' | 'radius' | 'font'>;

/**
 * The look from the frame's address: a value is kept only when the browser takes it as what its
 * option is (a colour, a length, a font family; `supports` is CSS.supports), short, and with
 * nothing that could end a declaration. Self-contained, as applyEmbedLook: the frame's page
 * writes both into its head as an inline script (src/pages/embed/booking.astro), so the look is
 * there at the first paint, before the flow's scripts load.
 */
export function embedLook(query: URLSearchParams, supports: CssSupports): EmbedLook {
  const css = (name: string, property: string, maxLength: number) => {
    const value = query.get(name)?.trim();
    return value && value.length <= maxLength && !/[;{}]/.test(value) && supports(property, value) ? value : undefined;
  };
  const look: EmbedLook = {};
  const accent = css('accent', 'color', 40);
  const radius = css('radius', 'border-radius', 20);
  const font = css('font', 'font-family', 200);
  if (accent) look.accent = accent;
  if (radius) look.radius = radius;
  if (font) look.font = font;
  return look;
}

/** Puts the look on the page's root: only as CSS custom properties and a font family, never as markup. Self-contained. */
export function applyEmbedLook(look: EmbedLook, root: Pick<CSSStyleDeclaration, 'setProperty'>): void {
  if (look.accent) {
    root.setProperty('--brand', look.accent);
    root.setProperty('--brand-dark', `color-mix(in srgb, ${look.accent} 75%, black)`);
  }
  if (look.radius) root.setProperty('--radius', look.radius);
  if (look.font) root.setProperty('font-family', look.font);
}

/**
 * The options read back from the frame's address. The address is anyone's to write, so each value
 * is kept only when it is what its option expects (a school we have, a colour, a length, a font
 * family, a zone), and short; anything else is left out and its default shown. The values are
 * only ever set as CSS custom properties or compared, never written into HTML.
 */
export function readEmbedOptions(query: URLSearchParams, supports: CssSupports): EmbedOptions {
  const options: EmbedOptions = {};
  const value = (name: EmbedOption, maxLength: number) => {
    const raw = query.get(name)?.trim();
    return raw && raw.length <= maxLength ? raw : undefined;
  };
  const school = value('school', 20);
  if (school && (SCHOOLS as readonly string[]).includes(school)) options.school = school as SchoolId;
  const course = value('course', 20);
  if (course && /^[\w .&-]+$/.test(course)) options.course = course;
  Object.assign(options, embedLook(query, supports));
  const zone = value('zone', 60);
  if (zone && isZone(zone)) options.zone = zone;
  return options;
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/** The snippet a partner pastes: the script tag, and the element with its options as attributes. */
export function embedSnippet(siteUrl: string, options: EmbedOptions, mode: EmbedMode, buttonText = 'Book a session'): string {
  const attributes = (Object.keys(EMBED_ATTRIBUTES) as EmbedOption[])
    .filter((name) => options[name]?.trim())
    .map((name) => ` ${EMBED_ATTRIBUTES[name]}="${escapeAttribute(options[name]!.trim())}"`)
    .join('');
  const script = `<script src="${escapeAttribute(siteUrl.replace(/\/+$/, ''))}/embed.js" async></script>`;
  const element = mode === 'inline' ? `<div data-booking-widget${attributes} style="min-height:${RESERVED_HEIGHT_PX}px"></div>` : `<button data-booking-widget-popup${attributes}>${escapeAttribute(buttonText)}</button>`;
  return `${script}\n${element}`;
}
