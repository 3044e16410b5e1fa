import { AdminError } from './errors.ts';

/** What askHidden reads from: a terminal's input (process.stdin when it is a TTY). */
export interface KeyInput {
  setRawMode(raw: boolean): unknown;
  setEncoding(encoding: BufferEncoding): unknown;
  on(event: 'data', listener: (text: string) => void): unknown;
  off(event: 'data', listener: (text: string) => void): unknown;
  resume(): unknown;
  pause(): unknown;
}

const ENTER = /[\r\n]/;
const BACKSPACE = /[\b\u007f]/;
const INTERRUPT = '\u0003';
const END_OF_INPUT = '\u0004';
const ERASE_LINE = '\u0015';
const ESCAPE = '\u001b';

/**
 * Asks for a secret at the terminal without showing it, as ssh and sudo do: a passphrase must not
 * stay on the screen or in the terminal's scrollback. Enter ends it; backspace takes a character
 * back and Ctrl-U the whole line; Ctrl-C, or Ctrl-D on an empty line, gives up (exit code 1, nothing
 * done). The prompt goes to standard error, so that the command's output stays its own.
 */
export function askHidden(prompt: string, input: KeyInput, output: { write(text: string): unknown }): Promise<string> {
  return new Promise((resolve, reject) => {
    let typed: string[] = [];
    const finish = (error?: AdminError) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(typed.join(''));
    };
    const onData = (text: string) => {
      // An arrow or function key sends an escape sequence: none of it is part of the passphrase.
      if (text.startsWith(ESCAPE)) return;
      for (const character of text) {
        if (ENTER.test(character)) return finish();
        if (character === INTERRUPT || (character === END_OF_INPUT && typed.length === 0)) return finish(new AdminError('no passphrase typed: nothing done'));
        if (BACKSPACE.test(character)) typed = typed.slice(0, -1);
        else if (character === ERASE_LINE) typed = [];
        else if (character >= ' ') typed.push(character);
      }
    };
    output.write(prompt);
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.on('data', onData);
    input.resume();
  });
}
