export type * from './entities.ts';
export type * from './envelope.ts';
export { errorTypes, type ErrorType } from './errors.ts';
