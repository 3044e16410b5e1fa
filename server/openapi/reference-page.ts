/**
 * The API reference for partners as one self-contained HTML page, written from the OpenAPI
 * document: no script (the site's CSP allows only its own), styles inline.
 */

type Json = Record<string, unknown>;

const escape = (text: unknown) =>
  String(text ?? '').replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** Inline code spans of the descriptions (`…`), the only markup they use. */
const prose = (text: unknown) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** A schema in a few words: a link to a named one, a list of it, a union, or its type. */
function typeOf(schema: Json | undefined): string {
  if (!schema) return '';
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    return `<a href="#schema-${escape(name)}">${escape(name)}</a>`;
  }
  if (schema.type === 'array') return `${typeOf(schema.items as Json)}[]`;
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) return (schema[key] as Json[]).map(typeOf).join(' | ');
  }
  if (Array.isArray(schema.allOf)) return (schema.allOf as Json[]).map(typeOf).filter(Boolean).join(' & ');
  if ('const' in schema) return `<code>${escape(JSON.stringify(schema.const))}</code>`;
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((value) => `<code>${escape(value)}</code>`).join(' | ');
  if (schema.type === 'object' && schema.properties) {
    const fields = Object.entries(schema.properties as Record<string, Json>).map(([name, field]) => `${escape(name)}: ${typeOf(field)}`);
    return `{ ${fields.join(', ')} }`;
  }
  return escape(schema.type ?? 'any');
}

function fieldsTable(schema: Json | undefined): string {
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema?.required ?? []) as string[]);
  const rows = Object.entries(properties).map(
    ([name, field]) => `<tr><td><code>${escape(name)}</code>${required.has(name) ? '' : ' (optional)'}</td><td>${typeOf(field)}</td><td>${prose(field.description)}</td></tr>`,
  );
  return rows.length ? `<table><tr><th>Field</th><th>Type</th><th></th></tr>${rows.join('')}</table>` : '';
}

function operationHtml(method: string, path: string, operation: Json): string {
  const parameters = (operation.parameters ?? []) as Json[];
  const params = parameters.map(
    (p) => `<tr><td><code>${escape(p.name)}</code> (${escape(p.in)}${p.required ? '' : ', optional'})</td><td>${typeOf(p.schema as Json)}</td></tr>`,
  );
  const body = operation.requestBody as { description?: string; content: Record<string, { schema: Json }> } | undefined;
  const bodyHtml = body
    ? `<h4>Body</h4><p>${Object.keys(body.content).map((type) => `<code>${escape(type)}</code>`).join(', ')}${body.description ? `: ${prose(body.description)}` : ''}</p>${fieldsTable(Object.values(body.content)[0]?.schema)}`
    : '';
  const responses = Object.entries(operation.responses as Record<string, { description: string; content?: Record<string, { schema: Json }> }>);
  const answers = responses.map(([status, response]) => {
    const [type, content] = Object.entries(response.content ?? {})[0] ?? [];
    const data = (content?.schema?.properties as Json | undefined)?.data as Json | undefined;
    const what = status.startsWith('2') ? (type === 'application/json' ? typeOf(data) || '(no data)' : `a file (<code>${escape(type)}</code>)`) : escape(response.description);
    return `<tr><td>${escape(status)}</td><td>${what}</td></tr>`;
  });
  return `<section class="call" id="${escape(operation.operationId)}">
<h3><span class="method">${escape(method.toUpperCase())}</span> <code>/api${escape(path)}</code></h3>
<p>${prose(operation.summary)}</p>
${String(operation.description ?? '')
  .split('\n\n')
  .map((paragraph) => `<p>${prose(paragraph)}</p>`)
  .join('')}
${params.length ? `<h4>Parameters</h4><table>${params.join('')}</table>` : ''}
${bodyHtml}
<h4>Answers</h4><table><tr><th>Status</th><th>data, or the error types</th></tr>${answers.join('')}</table>
</section>`;
}

export function referencePage(document: Json): string {
  const info = document.info as Json;
  const paths = document.paths as Record<string, Record<string, Json>>;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = (operation.tags as string[])[0] ?? '';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, operation)]);
    }
  }
  const schemas = (document.components as Json).schemas as Record<string, Json>;
  const schemaHtml = Object.entries(schemas).map(
    ([name, schema]) =>
      `<section id="schema-${escape(name)}"><h3>${escape(name)}</h3><p>${prose(schema.description)}</p>${schema.properties ? fieldsTable(schema) : `<p>${typeOf(schema)}</p>`}</section>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
code{font:13px ui-monospace,monospace;background:#f3f3f3;padding:0 .2em}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}
.call{border-top:1px solid #ccc;padding-top:.5rem}.method{font-weight:700;color:#0b5394}
nav a{margin-right:.6rem}
</style></head><body>
<h1>${escape(info.title)}</h1>
<p>${prose(info.description)}</p>
<p>The same as a machine-readable OpenAPI 3.1 document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<nav>${[...byTag.keys()].map((tag) => `<a href="#tag-${escape(tag)}">/${escape(tag)}</a>`).join(' ')} <a href="#schemas">Schemas</a></nav>
${[...byTag].map(([tag, operations]) => `<h2 id="tag-${escape(tag)}">/${escape(tag)}</h2>${operations.join('\n')}`).join('\n')}
<h2 id="schemas">Schemas</h2>
${schemaHtml.join('\n')}
</body></html>
`;
}
