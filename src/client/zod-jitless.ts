/**
 * What `zod` means in the client build (vite.config.ts aliases it here). Zod builds each object
 * schema's parser with `new Function` unless told not to, and probes whether it may as the schema
 * is made: under the app's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') that
 * probe is refused and reported as a violation on every page load. The contract's schemas are made
 * as their modules load, so the setting must come before any of them: every module that imports
 * `zod` in the browser gets it from here, after this line has run.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
