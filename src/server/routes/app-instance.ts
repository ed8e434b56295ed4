import type { FastifyInstance } from 'fastify';

/** The Fastify instance every route file registers on. */
export type AppInstance = FastifyInstance;
