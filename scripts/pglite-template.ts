// `npm run build:server` ends here: makes the new, migrated embedded database that new data folders
// start as a copy of (dist/pglite-template), unless the one there was made by this PGlite with the
// same initdb parameters and migrations. See buildPgliteTemplate in src/server/db/pglite-start.ts.
import { buildMigratedPgliteTemplate, PGLITE_TEMPLATE_DIR } from '../src/server/db/client';

if (await buildMigratedPgliteTemplate())
  console.log(`Made the embedded database template in ${PGLITE_TEMPLATE_DIR}`);
