// mode: read
// Single-property uniqueness constraints on nodes, as (label, property) rows.
SHOW CONSTRAINTS YIELD labelsOrTypes, properties, type, entityType
WHERE entityType = 'NODE' AND type ENDS WITH 'UNIQUENESS' AND size(properties) = 1
RETURN labelsOrTypes[0] AS label, properties[0] AS property
ORDER BY label, property
