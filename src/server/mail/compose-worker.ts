import { composeMessage } from './compose';

/** Runs on a compose thread (see compose-pool): one message per task. */
export default composeMessage;
