// Exact cosine over every memory that passed the filters, most similar first. Only what the
// lexical and exact-match scores need leaves the engine, as parallel lists: the $limit most
// similar, plus up to $exact_limit more whose predicate contains a query term or whose object
// equals one (so a large scope's exact matches are never cut off by the limit).
WITH m, {{> retrieval/_cosine}} AS semantic
ORDER BY semantic DESC
WITH collect(m) AS ms, collect(semantic) AS sems
WITH ms, sems,
     range(0, size(ms) - 1)[..$limit]
     + [i IN range($limit, size(ms) - 1)
        WHERE any(t IN $terms WHERE ms[i].predicate CONTAINS t OR toLower(toString(ms[i].object)) = t)][..$exact_limit] AS keep
RETURN [i IN keep | ms[i].memory_id] AS ids, [i IN keep | sems[i]] AS semantic,
       [i IN keep | ms[i].text] AS texts, [i IN keep | ms[i].subject_id] AS subjects,
       [i IN keep | ms[i].predicate] AS predicates, [i IN keep | ms[i].object] AS objects,
       size(ms) AS scope_size
