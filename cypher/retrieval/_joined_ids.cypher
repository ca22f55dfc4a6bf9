// The list `ids`, as a statement hands it back (FalkorDB's variant joins it).
ids
