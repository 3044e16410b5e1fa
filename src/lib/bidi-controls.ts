/**
 * The bidirectional control characters: embeddings and overrides (U+202A–U+202E) and isolates
 * (U+2066–U+2069). Invisible, they make a name display as other text (U+202E shows what follows it
 * right to left) and reorder whatever is written after the name on a page, in an email or a CSV
 * row. No course's or person's name needs them, so the names others read refuse them
 * (src/contract/schemas.ts; the course form says so before sending).
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

export const hasBidiControl = (text: string): boolean => BIDI_CONTROL.test(text);

/** The refusal's sentence, naming the field: 'The course name must not contain …'. */
export const bidiControlMessage = (field: string): string =>
  `${field} must not contain characters that change the direction of text (U+202A to U+202E, U+2066 to U+2069).`;
