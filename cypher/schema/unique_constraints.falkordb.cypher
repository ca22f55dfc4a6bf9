// mode: read
// Single-property uniqueness constraints on nodes, as (label, property) rows.
CALL db.constraints() YIELD type, label, properties, entitytype
WITH type, label, properties, entitytype
WHERE type = 'UNIQUE' AND entitytype = 'NODE' AND size(properties) = 1
RETURN label, properties[0] AS property
ORDER BY label, property
