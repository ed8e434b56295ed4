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
};
