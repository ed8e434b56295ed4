import type { TestProject } from 'vitest/node';
import { buildSourceBundles } from './source-bundles';

/** The run's bundles of the server's sources, for the test processes (see buildSourceBundles). */
export default async function setup(project: TestProject) {
  project.provide('sourceBundles', await buildSourceBundles());
}
