// mode: schema
// Range index on one node property.
CREATE INDEX FOR (n:{{label}}) ON (n.{{property}})
