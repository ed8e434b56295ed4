import { composeMessages } from './compose';

/** Runs on a compose thread (see compose-pool): a group of messages per task. */
export default composeMessages;
