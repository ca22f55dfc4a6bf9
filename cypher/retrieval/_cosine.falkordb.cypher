// Cosine similarity of `m` to the query vector, in [-1, 1].
1.0 - vec.cosineDistance(m.embedding, vecf32($vector))
