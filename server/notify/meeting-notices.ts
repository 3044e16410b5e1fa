export { formatMeetingTime } from './templates.ts';
