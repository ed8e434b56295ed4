import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildSourceBundles } from './source-bundles';

/** The run's bundles of the server's sources, for the test processes (see buildSourceBundles). */
export default async function setup(project: TestProject) {
  const bundles = await buildSourceBundles(project.name);
  project.provide('sourceBundles', bundles);
  return () => fs.rmSync(bundles, { recursive: true, force: true });
}
