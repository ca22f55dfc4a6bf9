// This memory's part of a scope scanned in $parts disjoint parts: by node id (cheapest).
id(m) % $parts = $part
