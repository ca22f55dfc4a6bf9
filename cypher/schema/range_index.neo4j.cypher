// mode: schema
// Range index on one node property.
CREATE INDEX {{name}} IF NOT EXISTS FOR (n:{{label}}) ON (n.{{property}})
