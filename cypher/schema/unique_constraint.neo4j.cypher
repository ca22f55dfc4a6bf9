// mode: schema
// Uniqueness constraint (backed by a range index) on one label's property; idempotent.
CREATE CONSTRAINT {{name}} IF NOT EXISTS FOR (n:{{label}}) REQUIRE n.{{property}} IS UNIQUE
