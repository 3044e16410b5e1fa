/**
 * The admin command's two kinds of failure, each shown as one line. A usage mistake (an unknown
 * command or flag, a missing value) exits 2, as command-line tools do; bad input and anything that
 * went wrong while working exit 1.
 */
export class UsageError extends Error {}

export class AdminError extends Error {}

/** The first line of an error's message, with the lines after it joined on, for a one-line report. */
export function oneLine(message: string): string {
  return message
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
}
