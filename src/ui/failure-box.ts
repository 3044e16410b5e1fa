import { site } from '../config/site.ts';
import { formatPhone } from '../lib/phone.ts';
import buttonStyles from './Button.module.css';
import styles from './FailureBoundary.module.css';
import { retryFailedChunks } from './chunk-load.ts';
import { failureMessage } from './failure-report.ts';

/**
 * FailureBoundary's message, Retry and support phone for a part of the page built without React
 * (the home page's hero button): the same markup and classes, drawn with the DOM. Retry is the
 * page-wide one: every failed part starts over.
 */
export function failureBox(error: unknown): HTMLElement {
  const box = document.createElement('div');
  box.className = styles.box ?? '';
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.className = styles.message ?? '';
  message.textContent = failureMessage(error);
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = [buttonStyles.button, buttonStyles.secondary, buttonStyles.thin].join(' ');
  retry.append(Object.assign(document.createElement('span'), { textContent: 'Retry' }));
  retry.addEventListener('click', retryFailedChunks);
  const help = document.createElement('p');
  help.className = styles.help ?? '';
  const phone = Object.assign(document.createElement('a'), { href: `tel:+1${site.supportPhone}`, textContent: formatPhone(site.supportPhone) });
  help.append('If it keeps happening, call or text us at ', phone, '.');
  box.append(message, retry, help);
  return box;
}
