/**
 * Day labels of the booking flow's cards, in the viewer's zone: 'Tuesday', 'Tue, Nov 24'. Apart from
 * time-format.ts, which every dashboard loads on its first screen, as only the booking flow needs them.
 */
const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long' });
const date = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });

export const formatWeekday = (epoch: number) => weekday.format(epoch * 1000);
export const formatDate = (epoch: number) => date.format(epoch * 1000);
