export * from './http.ts';
export * from './auth.ts';
export * from './catalog.ts';
export * from './booking.ts';
export * from './customers.ts';
export * from './meetings.ts';
export * from './gradebooks.ts';
export * from './team.ts';
