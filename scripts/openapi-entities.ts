/**
 * Writes server/openapi/entities.json: the JSON Schema of every type in src/contract/entities.ts,
 * for the OpenAPI document's answers (server/openapi/document.ts). Run after changing an entity:
 * `node scripts/openapi-entities.ts`; a test fails while the file is stale.
 */
import { writeFileSync } from 'node:fs';
import { entitySchemasJson, ENTITIES_JSON } from '../server/openapi/entities.ts';

writeFileSync(ENTITIES_JSON, entitySchemasJson());
console.log(`wrote ${ENTITIES_JSON}`);
