// joined: ids
// The list `ids` joined into one string by spaces (an id never holds one): FalkorDB hands a list
// back value by value (95k ids: ~110 ms of a ~200 ms statement), one string as one value; the
// query library splits it back into the list (`// joined`), so callers get the list either way.
string.join(ids, ' ')
