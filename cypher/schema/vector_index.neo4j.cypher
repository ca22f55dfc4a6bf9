// mode: schema
// Vector index for one embedding space (label), cosine.
CREATE VECTOR INDEX {{name}} IF NOT EXISTS FOR (n:{{label}}) ON (n.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: {{dimension}}, `vector.similarity_function`: 'cosine'}}
