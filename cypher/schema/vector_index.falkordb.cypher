// mode: schema
// HNSW vector index for one embedding space (label), cosine.
CREATE VECTOR INDEX FOR (n:{{label}}) ON (n.embedding) OPTIONS {dimension: {{dimension}}, similarityFunction: 'cosine'}
