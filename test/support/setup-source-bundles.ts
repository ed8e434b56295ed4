import { startThreadsFromBundles } from './source-bundles';

// Each test file's process starts the app's threads from bundles (see startThreadsFromBundles).
startThreadsFromBundles();
