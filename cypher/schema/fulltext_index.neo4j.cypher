// mode: schema
// Full-text index over memory text.
CREATE FULLTEXT INDEX {{name}} IF NOT EXISTS FOR (n:{{label}}) ON EACH [n.{{property}}]
