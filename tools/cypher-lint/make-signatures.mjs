// Regenerates neo4j5-signatures.json: the built-in functions and procedures of Neo4j 5.
//
// Source: the server schema bundled with @neo4j-cypher/language-support (testData.mockSchema,
// dumped from a Neo4j server with SHOW FUNCTIONS / SHOW PROCEDURES). Plugins (apoc.*, gds.*)
// are dropped on purpose: graphmem must run on a plain Neo4j, so calling them is a lint error.
//   node tools/cypher-lint/make-signatures.mjs > tools/cypher-lint/neo4j5-signatures.json
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { testData } = require('@neo4j-cypher/language-support');

const PLUGIN = /^(apoc|gds)\./;
const VERSION = 'CYPHER 5';
const pick = (obj, keys) => Object.fromEntries(keys.filter((k) => k in obj).map((k) => [k, obj[k]]));
const FUNCTION_KEYS = ['name', 'category', 'description', 'signature', 'isBuiltIn', 'argumentDescription',
  'returnDescription', 'aggregating', 'isDeprecated', 'deprecatedBy'];
const PROCEDURE_KEYS = ['name', 'description', 'mode', 'worksOnSystem', 'signature', 'argumentDescription',
  'returnDescription', 'admin', 'option', 'deprecatedBy'];

const select = (registry, keys) => Object.fromEntries(
  Object.entries(registry)
    .filter(([name]) => !PLUGIN.test(name))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, sig]) => [name, pick(sig, keys)]),
);

const out = {
  cypherVersion: VERSION,
  source: '@neo4j-cypher/language-support testData.mockSchema, apoc.* and gds.* removed',
  functions: select(testData.mockSchema.functions[VERSION], FUNCTION_KEYS),
  procedures: select(testData.mockSchema.procedures[VERSION], PROCEDURE_KEYS),
};
process.stdout.write(JSON.stringify(out, null, 1) + '\n');
