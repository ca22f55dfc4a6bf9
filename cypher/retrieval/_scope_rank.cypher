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
RETURN [i IN keep | ms[i].memory_id] AS ids, [i IN keep | sems[i]] AS semantic,
       [i IN keep | ms[i].text] AS texts,
       [i IN keep WHERE {{> retrieval/_exact}} | ms[i].memory_id] AS exact_ids,
       [i IN keep WHERE ms[i].text STARTS WITH $sealed_prefix | [ms[i].memory_id, ms[i].subject_id]] AS sealed,
       size(ms) AS scope_size
