import { type SchoolId, site } from '../../config/site.ts';
import type { Course } from '../../contract/entities.ts';
import { type CssSupports, type EmbedMode, type EmbedOption, type EmbedOptions, embedFrameQuery, EMBED_FRAME_PATH, readEmbedOptions } from '../../lib/embed-options.ts';

/**
 * The Embed screen's form as typed: each field empty when left at the widget's default, so the
 * snippet leaves its attribute out.
 */
export interface EmbedForm {
  school: SchoolId | '';
  course: string;
  /** Any CSS colour, as typed (the colour picker writes #rrggbb here). */
  accent: string;
  radius: string;
  /** The host page's font (`data-font="inherit"`) rather than ours. */
  hostFont: boolean;
  zone: string;
  mode: EmbedMode;
}

export const INITIAL_FORM: EmbedForm = { school: '', course: '', accent: '', radius: '', hostFont: false, zone: '', mode: 'inline' };

/** The colour the picker shows while the text is not a #rrggbb colour: the site's own accent. */
export const DEFAULT_ACCENT = '#1d4ed8';

/** The options the form stands for: a course only with its school (the flow opens the course in that school). */
export function formOptions(form: EmbedForm): EmbedOptions {
  const options: EmbedOptions = {};
  if (form.school) {
    options.school = form.school;
    if (form.course.trim()) options.course = form.course.trim();
  }
  if (form.accent.trim()) options.accent = form.accent.trim();
  if (form.radius.trim()) options.radius = form.radius.trim();
  if (form.hostFont) options.font = 'inherit';
  if (form.zone) options.zone = form.zone;
  return options;
}

/** The preview frame's address for these options. */
export function framePath(options: EmbedOptions): string {
  const query = embedFrameQuery(options);
  return query ? `${EMBED_FRAME_PATH}?${query}` : EMBED_FRAME_PATH;
}

/** The value the colour picker can show: the typed colour when it is #rrggbb (#rgb widened), else the default. */
export function pickerColour(accent: string): string {
  const text = accent.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : DEFAULT_ACCENT;
}

/**
 * The options the frame would leave out (what it does with its address, readEmbedOptions): a colour
 * that is not one, a length that is not one. The screen says so under the field, so a supervisor
 * does not hand out a snippet that silently looks like the default.
 */
export function ignoredOptions(options: EmbedOptions, supports: CssSupports): EmbedOption[] {
  const kept = readEmbedOptions(new URLSearchParams(embedFrameQuery(options)), supports);
  return (Object.keys(options) as EmbedOption[]).filter((name) => options[name] && kept[name] === undefined);
}

/** The browser's CSS.supports, or a yes to everything where there is none (the server's render). */
export const browserSupports: CssSupports = (property, value) =>
  typeof CSS === 'undefined' || typeof CSS.supports !== 'function' ? true : CSS.supports(property, value);

/** A school's course numbers, sorted, each once. */
export function schoolCourseNumbers(courses: readonly Course[], school: SchoolId | ''): string[] {
  if (!school) return [];
  return [...new Set(courses.filter((course) => course.school === school).map((course) => course.course_number))].sort((a, b) => a.localeCompare(b, 'en-US', { numeric: true }));
}

/** The zones to choose from: the campus's first, then every zone the browser knows. */
export function zoneChoices(): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    // An older browser lists none: the campus's zone is still offered.
  }
  return [site.timeZone, ...zones.filter((zone) => zone !== site.timeZone)];
}

/** What a typed site address must look like before it is sent (the server decides the rest). */
export function typedOriginProblem(typed: string, origins: readonly string[]): string | null {
  const text = typed.trim();
  if (!text) return "Please enter a site's address, like https://www.example.org.";
  if (origins.includes(text.replace(/\/+$/, '').toLowerCase())) return `${text} is on the list already.`;
  return null;
}
