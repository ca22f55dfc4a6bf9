// Cosine similarity of `m` to the query vector, in [-1, 1] (Neo4j's function maps it to [0, 1]).
vector.similarity.cosine(m.embedding, $vector) * 2.0 - 1.0
