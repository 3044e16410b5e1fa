import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENTITIES_JSON, entitySchemasJson } from '../../../server/openapi/entities.ts';

describe('the entities of the OpenAPI document', () => {
  // Generating reads src/contract/entities.ts with the TypeScript compiler: some seconds.
  it('are the JSON Schemas of src/contract/entities.ts as it is (else: node scripts/openapi-entities.ts)', { timeout: 60_000 }, () => {
    expect(readFileSync(ENTITIES_JSON, 'utf8')).toBe(entitySchemasJson());
  });
});
