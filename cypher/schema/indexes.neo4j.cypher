// mode: read
// Indexes as (label, property, kind) rows, kinds RANGE, FULLTEXT, VECTOR.
SHOW INDEXES YIELD labelsOrTypes, properties, type, entityType
WHERE entityType = 'NODE' AND labelsOrTypes IS NOT NULL
UNWIND labelsOrTypes AS label
UNWIND properties AS property
RETURN label, property, type AS kind
ORDER BY label, property, kind
