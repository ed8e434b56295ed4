import { api } from '../../contract/api';
import type { AppContext } from '../context';
import { openApiDocument } from '../openapi/document';
import { renderReferencePage } from '../openapi/reference-page';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

/**
 * The API's description (docs/api.md): the OpenAPI document and its page for people. Both are
 * written once, on the first request, since the route table cannot change while the app runs.
 */
export function openApiRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  let documentJson: string | undefined;
  let page: string | undefined;
  serve(api.docs.openapi, async (_request, reply) => {
    documentJson ??= JSON.stringify(openApiDocument());
    return reply.type('application/json; charset=utf-8').send(documentJson);
  });
  serve(api.docs.reference, async (_request, reply) => {
    page ??= renderReferencePage(openApiDocument(), api.docs.openapi.path);
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
