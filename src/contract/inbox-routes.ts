import {
  addColleagueBody,
  addedColleague,
  answerBody,
  answerSuggestion,
  answerThread,
  threadAnswer,
} from './answer-thread';
import { idParams } from './common';
import {
  answerMessage,
  inboxItem,
  inboxPage,
  inboxQuery,
  inboxUnread,
  readMessageQuery,
  setAssigneeBody,
  setCategoryBody,
  setReadBody,
} from './inbox';
import { route } from './route';

/** The inbox's calls: `api.inbox` (api.ts). Another workspace's answers are 404s. */
export const inboxRoutes = {
  list: route({ method: 'GET', path: '/api/inbox', access: 'viewer', query: inboxQuery, reply: inboxPage }),
  /** The sidebar's badge. */
  unread: route({ method: 'GET', path: '/api/inbox/unread', access: 'viewer', reply: inboxUnread }),
  /**
   * The whole message, fetched from the mailbox it arrived in (or the workspace's kept copy),
   * sanitised; remote images only with `images=true`.
   */
  message: route({
    method: 'GET',
    path: '/api/inbox/:id/message',
    access: 'viewer',
    params: idParams,
    query: readMessageQuery,
    reply: answerMessage,
  }),
  /** Read or unread again; opening an answer marks it read. */
  read: route({
    method: 'PUT',
    path: '/api/inbox/:id/read',
    access: 'viewer',
    params: idParams,
    body: setReadBody,
    reply: inboxItem,
  }),
  /** A person's category, over the rules' and the AI's; kept in the answer's record. */
  category: route({
    method: 'PUT',
    path: '/api/inbox/:id/category',
    access: 'reviewer',
    params: idParams,
    body: setCategoryBody,
    reply: inboxItem,
  }),
  /** The member who is to answer it (null: nobody). */
  assignee: route({
    method: 'PUT',
    path: '/api/inbox/:id/assignee',
    access: 'reviewer',
    params: idParams,
    body: setAssigneeBody,
    reply: inboxItem,
  }),
  /**
   * The conversation with the recipient (the campaign's emails, their answers and ours), and
   * whether the member may answer this reply.
   */
  thread: route({
    method: 'GET',
    path: '/api/inbox/:id/thread',
    access: 'viewer',
    params: idParams,
    reply: answerThread,
  }),
  /**
   * Sends the member's answer in the reply's thread, from the mailbox that received it, through the
   * one send pipeline (suppression, the mailbox's daily limit and sending hours, exactly once), now
   * or at `sendAt`. 409 while another answer to the reply is on its way or its arrival is unknown.
   */
  answer: route({
    method: 'POST',
    path: '/api/inbox/:id/answer',
    access: 'sender',
    sends: true,
    idempotencyKey: true,
    params: idParams,
    body: answerBody,
    reply: threadAnswer,
  }),
  /**
   * Cancels the reply's answer that waits for a later time (a "not now" follow-up, or one moved to
   * the next morning by the daily limit): it is stopped and never sent. 409 when none waits.
   */
  cancelAnswer: route({
    method: 'POST',
    path: '/api/inbox/:id/cancel-answer',
    access: 'sender',
    idempotencyKey: true,
    params: idParams,
    reply: threadAnswer,
  }),
  /**
   * An AI suggestion from the thread, the recipient's row and the sender profile, for the editor:
   * nothing is sent or stored. 503 when no AI provider is set up.
   */
  suggestion: route({
    method: 'POST',
    path: '/api/inbox/:id/suggestion',
    access: 'sender',
    params: idParams,
    reply: answerSuggestion,
  }),
  /**
   * Adds the colleague a "wrong person" reply named to the reply's campaign as a new recipient;
   * their emails are written (generation) and wait in review. 409 when the address is already a
   * recipient of the campaign or on the suppression list.
   */
  addColleague: route({
    method: 'POST',
    path: '/api/inbox/:id/colleague',
    access: 'sender',
    idempotencyKey: true,
    params: idParams,
    body: addColleagueBody,
    reply: addedColleague,
  }),
};
