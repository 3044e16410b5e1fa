import { calls } from '../../src/contract/calls/index.ts';
import { referenceCalls } from '../../src/contract/calls/reference.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { openApiDocument } from '../openapi/document.ts';
import { referencePage } from '../openapi/reference-page.ts';
import type { RouteDeps } from './deps.ts';

/** The API's description: the OpenAPI document of every declared call, and the page people read. */
export function openApiRoutes({ siteUrl }: RouteDeps) {
  const app = router();
  // Written once per server, on first request: it changes only with the code.
  let document: ReturnType<typeof openApiDocument> | undefined;
  let page: string | undefined;
  const documentOnce = () => (document ??= openApiDocument(calls, { serverUrl: siteUrl, version: '1' }));

  serve(app, referenceCalls.getOpenApiDocument, (c) => c.json(documentOnce()));
  serve(app, referenceCalls.getReferencePage, (c) => c.html((page ??= referencePage(documentOnce()))));

  return app;
}
