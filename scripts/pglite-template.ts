// `npm run build:server` ends here: makes the new, migrated embedded database that new data folders
// start as a copy of (dist/pglite-template), with pg-boss's schema and the app's queues, unless the
// one there was made by this PGlite with the same initdb parameters, migrations and pg-boss. See
// buildPgliteTemplate in src/server/db/pglite-start.ts.
import { buildMigratedPgliteTemplate, PGLITE_TEMPLATE_DIR } from '../src/server/db/client';
import { allJobs } from '../src/server/jobs/all-jobs';
import { createJobSchema } from '../src/server/jobs/job-queue';

if (await buildMigratedPgliteTemplate(PGLITE_TEMPLATE_DIR, (sql) => createJobSchema(sql, allJobs)))
  console.log(`Made the embedded database template in ${PGLITE_TEMPLATE_DIR}`);
