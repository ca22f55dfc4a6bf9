// mode: schema
// Full-text index over memory text.
CALL db.idx.fulltext.createNodeIndex('{{label}}', '{{property}}')
