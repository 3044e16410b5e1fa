import { Hono } from 'hono';
import type { AppEnv } from './sign-in.ts';

/** Every API router: `/api/courses` and `/api/courses/` are the same call (spec 1 §7). */
export const router = () => new Hono<AppEnv>({ strict: false });
