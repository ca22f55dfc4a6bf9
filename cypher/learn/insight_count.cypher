// mode: read
// How many insights a listing matches (learn/_insight_matches): the total beside its pages.
{{> learn/_insight_matches}}
RETURN count(i) AS total
