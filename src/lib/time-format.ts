/** Times in the viewer's time zone (DESIGN.md §4: Intl, no date library). */
const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long' });
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const date = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });

export const formatWeekday = (epoch: number) => weekday.format(epoch * 1000);
export const formatDate = (epoch: number) => date.format(epoch * 1000);
export const formatTimeRange = (epoch: number, minutes: number) => `${time.format(epoch * 1000)} – ${time.format((epoch + minutes * 60) * 1000)}`;
const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
export const formatLongDate = (epoch: number) => longDate.format(epoch * 1000);
