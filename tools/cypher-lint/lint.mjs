// Lints Cypher statements with Neo4j's own linter (@neo4j-cypher/language-support).
//
// Input: a JSON list of {name, text, params?} from the file given as argument, or on stdin.
// `params` lists the $parameter names the caller will bind; others are reported as undefined.
// Functions and procedures are checked against neo4j5-signatures.json, so an unknown one is
// an error. Exit 0 when no diagnostic has error severity, 1 otherwise, 2 on bad input.
// With --json, the diagnostics are also written to stdout as a JSON list.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// The package's ESM build uses extensionless imports that Node cannot resolve; use the CJS one.
const { lintCypherQuery } = require('@neo4j-cypher/language-support');
const signatures = require('./neo4j5-signatures.json');

const ERROR = 1; // vscode DiagnosticSeverity.Error
const SEVERITY = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' };

function fail(message) {
  process.stderr.write(`cypher-lint: ${message}\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const files = args.filter((a) => a !== '--json');
if (files.length > 1) fail('usage: node lint.mjs [--json] [queries.json]  (default: stdin)');

let queries;
try {
  queries = JSON.parse(readFileSync(files[0] ?? 0, 'utf8'));
} catch (err) {
  fail(`cannot read the query list: ${err.message}`);
}
if (!Array.isArray(queries)) fail('input must be a JSON list of {name, text, params?}');

const version = signatures.cypherVersion;
const diagnostics = [];
for (const query of queries) {
  if (typeof query?.name !== 'string' || typeof query?.text !== 'string') {
    fail(`bad entry (needs string name and text): ${JSON.stringify(query).slice(0, 200)}`);
  }
  const schema = {
    defaultLanguage: version,
    functions: { [version]: signatures.functions },
    procedures: { [version]: signatures.procedures },
    parameters: Object.fromEntries((query.params ?? []).map((p) => [p, null])),
  };
  for (const d of lintCypherQuery(query.text, schema)) {
    diagnostics.push({
      name: query.name,
      severity: SEVERITY[d.severity] ?? String(d.severity),
      line: d.range.start.line + 1,
      column: d.range.start.character + 1,
      message: d.message,
    });
  }
}

const errors = diagnostics.filter((d) => d.severity === SEVERITY[ERROR]);
for (const d of diagnostics) {
  process.stderr.write(`${d.name}:${d.line}:${d.column}: ${d.severity}: ${d.message}\n`);
}
process.stderr.write(
  `cypher-lint: ${queries.length} queries, ${errors.length} errors, ` +
    `${diagnostics.length - errors.length} warnings\n`,
);
if (asJson) process.stdout.write(JSON.stringify(diagnostics) + '\n');
process.exit(errors.length ? 1 : 0);
