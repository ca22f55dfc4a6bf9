// A purpose has ended for the memories `m` (matched by the including query): one kept only for it
// becomes EXPIRED, one that also serves other purposes loses it; their ids, as two lists.
WITH m, [p IN m.purposes WHERE p <> $purpose] AS rest
SET m.purposes = rest,
    m.status = CASE WHEN size(rest) = 0 THEN 'EXPIRED' ELSE m.status END
WITH collect(CASE WHEN size(rest) = 0 THEN m.memory_id END) AS expired,
     collect(CASE WHEN size(rest) > 0 THEN m.memory_id END) AS narrowed
