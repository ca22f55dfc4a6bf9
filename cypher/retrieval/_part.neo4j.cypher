// This memory's part of a scope scanned in $parts disjoint parts. Neo4j 5 deprecates id()
// without a replacement (an elementId is text), so the part is the place of the memory id's
// last character (random: ids are ULIDs in Crockford base32) in that alphabet; any other
// character lands in one part, so the parts stay disjoint and whole either way.
size(split('0123456789abcdefghjkmnpqrstvwxyz', right(m.memory_id, 1))[0]) % $parts = $part
