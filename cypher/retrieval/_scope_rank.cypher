// Exact cosine over every memory that passed the filters, most similar first. Only what the
// lexical score needs leaves the engine, as parallel lists (each value costs the client more
// than the engine): the $limit most similar plus up to $exact_limit exact matches beyond them,
// which of those match exactly, and the subject of each sealed (HIGH-sensitivity) text.
WITH m, {{> retrieval/_cosine}} AS semantic
ORDER BY semantic DESC
WITH collect(m) AS ms, collect(semantic) AS sems
WITH ms, sems,
     range(0, size(ms) - 1)[..$limit]
     + [i IN range($limit, size(ms) - 1) WHERE {{> retrieval/_exact}}][..$exact_limit] AS keep
WITH ms, sems, keep, size(ms) AS scope_size
{{> retrieval/_scope_columns}}
