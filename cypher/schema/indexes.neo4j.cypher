// mode: read
// Indexes as (label, property, kind) rows, kinds RANGE, FULLTEXT, VECTOR. graphmem's indexes
// are single-label, single-property; SHOW cannot be followed by UNWIND in Neo4j 5.
SHOW INDEXES YIELD labelsOrTypes, properties, type, entityType
WHERE entityType = 'NODE' AND labelsOrTypes IS NOT NULL
RETURN labelsOrTypes[0] AS label, properties[0] AS property, type AS kind
ORDER BY label, property, kind
