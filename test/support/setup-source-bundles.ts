import { inject } from 'vitest';
import { startThreadsFromBundles } from './source-bundles';

// Each test file's process starts the app's threads from the run's bundles (see startThreadsFromBundles).
startThreadsFromBundles(inject('sourceBundles'));
