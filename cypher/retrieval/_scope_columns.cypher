// Phase 1's columns for the rows `keep` (positions into `ms`, their cosines `sems`): ids,
// cosines and texts as parallel lists, which of them match exactly, and the subject of each
// sealed (HIGH-sensitivity) text. `scope_size` is bound by the query.
RETURN [i IN keep | ms[i].memory_id] AS ids, [i IN keep | sems[i]] AS semantic,
       [i IN keep | ms[i].text] AS texts,
       [i IN keep WHERE {{> retrieval/_exact}} | ms[i].memory_id] AS exact_ids,
       [i IN keep WHERE ms[i].text STARTS WITH $sealed_prefix | [ms[i].memory_id, ms[i].subject_id]] AS sealed,
       scope_size
