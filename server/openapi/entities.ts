import path from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';

export const ENTITIES_JSON = path.resolve(import.meta.dirname, 'entities.json');

/**
 * The JSON Schemas of the wire entities, generated from their TypeScript (with their doc comments
 * as descriptions), as entities.json holds them. Build-time only: ts-json-schema-generator is a
 * development dependency, and the server reads the committed file.
 */
export function entitySchemasJson(): string {
  const schema = createGenerator({
    path: path.resolve(import.meta.dirname, '../../src/contract/entities.ts'),
    type: '*',
    expose: 'export',
    jsDoc: 'extended',
    skipTypeCheck: true,
    topRef: true,
    additionalProperties: true,
  }).createSchema('*');
  return `${JSON.stringify({ definitions: schema.definitions }, null, 2)}\n`;
}
