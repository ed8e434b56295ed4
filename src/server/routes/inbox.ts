import { api } from '../../contract/api';
import type { AppContext } from '../context';
import { addColleague } from '../services/conversations/add-colleague';
import {
  answerInThread,
  answerThreadOf,
  cancelScheduledAnswer,
} from '../services/conversations/answer-in-thread';
import { suggestAnswerFor } from '../services/conversations/answer-suggestion';
import { assign, categorise, inboxPageOf, markRead, unreadOf } from '../services/conversations/inbox';
import { readAnswer } from '../services/conversations/read-answer';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

/** The inbox (docs/product.md §16): the workspace's answers; another workspace's ids are 404s. */
export function inboxRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  serve(api.inbox.list, (req) => inboxPageOf(ctx.db, req.member.workspaceId, req.user.id, req.query));
  serve(api.inbox.unread, (req) => unreadOf(ctx.db, req.member.workspaceId));
  serve(api.inbox.message, (req) =>
    readAnswer(ctx, req.member.workspaceId, req.params.id, req.query.images === 'true'),
  );
  serve(api.inbox.read, (req) =>
    markRead(ctx.db, req.member.workspaceId, req.params.id, req.body.read, ctx.clock()),
  );
  serve(api.inbox.category, (req) =>
    categorise(ctx.db, req.member.workspaceId, req.params.id, req.body, req.user.id, ctx.clock()),
  );
  serve(api.inbox.assignee, (req) => assign(ctx.db, req.member.workspaceId, req.params.id, req.body.userId));
  serve(api.inbox.thread, (req) => answerThreadOf(ctx, req.member, req.params.id));
  serve(api.inbox.answer, (req) => answerInThread(ctx, req.member, req.params.id, req.body));
  serve(api.inbox.cancelAnswer, (req) => cancelScheduledAnswer(ctx, req.member, req.params.id));
  serve(api.inbox.suggestion, (req) => suggestAnswerFor(ctx, req.member, req.params.id));
  serve(api.inbox.addColleague, (req) => addColleague(ctx, req.member, req.params.id, req.body));
}
