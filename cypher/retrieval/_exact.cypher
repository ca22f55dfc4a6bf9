// Whether the memory ms[i] matches the query exactly: its predicate contains a query term, or
// its object equals one (in any of the term's case forms, $object_forms).
((ms[i].predicate IS NOT NULL AND any(t IN $terms WHERE ms[i].predicate CONTAINS t))
 OR (ms[i].object IS NOT NULL AND toString(ms[i].object) IN $object_forms))
