"""read/scope_texts answers what the searches it keeps would answer, in any order."""

from __future__ import annotations

import random

from graphmem.read.expansion import parts_of
from graphmem.read.lexical import lexical_coverage, lexical_tokens, query_term_frequencies
from graphmem.read.scope_texts import ScopeTexts, view

WORDS = ["Caroline:", "Melanie", "went", "to", "the", "group", "parties", "party", "painted",
         "painting", "İstanbul", "고객에게", "고객은", "캠핑", "_x", "x", "!", "/", "ok,", "2023",
         "go", "going", "goes"]  # fmt: skip


def test_a_scopes_kept_searches_answer_as_the_searches_do_in_every_order() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        turns = [" ".join(rng.choices(WORDS, k=rng.randint(2, 14))) for _ in range(20)]
        windows = [" / ".join(turns[i : i + 3]) for i in range(0, 16, 3)]
        texts = turns + windows + ["", turns[0]]
        ids = [f"m{i:02d}" for i in range(len(texts))]
        scope = ScopeTexts(ids, texts)
        for _ in range(4):
            order = rng.sample(range(len(texts)), len(texts))
            o_ids, o_texts = [ids[i] for i in order], [texts[i] for i in order]
            v = view(scope, o_ids)
            assert v.parts() == parts_of(o_texts, range(len(o_texts))), seed
            query = " ".join(rng.choices(WORDS, k=rng.randint(1, 5)))
            qset = set(lexical_tokens(query))
            assert v.term_frequencies(qset, o_texts) == query_term_frequencies(qset, o_texts)
            for max_df in (1.0, 0.2):
                want = lexical_coverage(lexical_tokens(query), o_texts, max_df=max_df)
                got = lexical_coverage(
                    lexical_tokens(query), o_texts, max_df=max_df, frequencies=v.term_frequencies
                )
                assert got == want, seed
