// mode: read
// Indexes as (label, property, kind) rows, kinds RANGE, FULLTEXT, VECTOR.
CALL db.indexes() YIELD label, properties, types
UNWIND properties AS property
UNWIND types[property] AS kind
RETURN label, property, kind
ORDER BY label, property, kind
