import { declare, file } from './declare.ts';

/** The API's own description: the OpenAPI document, and a page for people that reads it. */
export const referenceCalls = {
  getOpenApiDocument: declare({
    method: 'GET',
    path: '/openapi.json',
    summary: 'This document: every call of the API (OpenAPI 3.1)',
    access: 'anyone',
    answer: file('application/json'),
    errors: [],
  }),
  getReferencePage: declare({
    method: 'GET',
    path: '/reference',
    summary: 'The API reference as a web page, written from this document',
    access: 'anyone',
    answer: file('text/html'),
    errors: [],
  }),
};
