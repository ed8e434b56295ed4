/** Enforces DESIGN.md §3's dependency direction: routes → services → queries → db; jobs → services. */
module.exports = {
  forbidden: [
    {
      name: 'contract-stands-alone',
      comment: 'The contract is shared by server and client, so it imports neither.',
      severity: 'error',
      from: { path: '^src/contract' },
      to: { path: '^src/(server|client)' },
    },
    {
      name: 'client-not-server',
      severity: 'error',
      from: { path: '^src/client' },
      to: { path: '^src/server' },
    },
    {
      name: 'server-not-client',
      severity: 'error',
      from: { path: '^src/server' },
      to: { path: '^src/client' },
    },
    {
      name: 'routes-use-services',
      comment: 'Routes parse, authorise and call a service; they never reach the queries or the db.',
      severity: 'error',
      from: { path: '^src/server/routes' },
      to: { path: '^src/server/(queries|db)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'routes-know-no-jobs',
      comment: 'Routes reach background work through the queues on AppContext, never the jobs themselves.',
      severity: 'error',
      from: { path: '^src/server/routes' },
      to: { path: '^src/server/jobs/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'services-know-no-http-or-queue',
      comment: 'Services hold the domain; Fastify, pg-boss, routes and jobs stay outside.',
      severity: 'error',
      from: { path: '^src/server/(services|queries)' },
      to: { path: '^src/server/(routes|jobs)/|node_modules/(fastify|@fastify|pg-boss)/' },
    },
    {
      name: 'queries-below-services',
      severity: 'error',
      from: { path: '^src/server/queries' },
      to: { path: '^src/server/(services|auth|mail|ai)/' },
    },
    {
      name: 'jobs-use-services',
      comment: 'Job handlers call services, not queries.',
      severity: 'error',
      from: { path: '^src/server/jobs' },
      to: { path: '^src/server/(queries|routes)/' },
    },
    {
      name: 'lib-is-a-leaf',
      severity: 'error',
      from: { path: '^src/server/lib' },
      to: { path: '^src/server/(?!lib)' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.test\\.tsx?$' },
  },
};
