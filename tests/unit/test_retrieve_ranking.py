from typing import Any

from graphmem.read.candidates import merge_scope_parts
from graphmem.read.lexical import bm25_text_scores, lexical_tokens, query_term_frequencies, terms
from graphmem.read.ranking import _entity_match


def test_terms_drop_stopwords_and_keep_korean() -> None:
    assert terms("What is the answer language? 한국어 답변") == [
        "answer",
        "language",
        "한국어",
        "답변",
    ]


def test_entity_match_prefers_exact_predicate_and_episode_environment() -> None:
    q = set(terms("which answer language"))
    assert _entity_match({"predicate": "prefers_answer_language"}, q, {}) > 0.6
    assert _entity_match({"predicate": "hobby"}, q, {}) == 0
    ep = {"type": "EPISODIC", "environment_json": '{"os": "windows"}', "failure_code": "VPN_720"}
    assert (
        _entity_match(ep, set(), {"environment": {"os": "windows"}, "failure_code": "VPN_720"})
        == 1.5
    )


def test_lexical_tokens_fold_english_suffixes_and_keep_repeats() -> None:
    assert lexical_tokens("She painted; painting paints. Paint!") == ["paint"] * 4
    assert lexical_tokens("the LGBTQ support groups") == ["lgbtq", "support", "group"]
    assert lexical_tokens("답변은 한국어로 2023") == ["답변은", "한국어로", "2023"]


TEXTS = [
    "Caroline went to the parties; the party was fun",
    "Running, runs and ran: she runs every day. Stopped? stops!",
    "Melanie painted a lake sunrise — paints, painting, PAINTED",
    "답변은 한국어로 해 주세요. 한국어로 답변은 짧게",
    "cities city's citizen 2023 2022-05-01 LGBTQ_support support-group",
    "",
]


def test_query_term_frequencies_count_what_lexical_tokens_count() -> None:
    """The regex shortcut finds exactly the query tokens a full tokenisation finds."""
    queries = [
        "party city runs stop",
        "paint lake",
        "한국어로 답변은",
        "support group lgbtq 2023",
        "citizen cities",
    ]
    for query in queries:
        qset = set(lexical_tokens(query))
        for texts in (TEXTS, ["İstanbul İzmir", *TEXTS]):  # İ lower-cases to two characters
            tfs, lengths, words = query_term_frequencies(qset, texts)
            for i, text in enumerate(texts):
                full = [t for t in lexical_tokens(text) if t in qset]
                assert tfs.get(i, {}) == {t: full.count(t) for t in set(full)}, (query, text)
                if i in tfs:
                    assert lengths[i] == text.count(" ") + 1
            assert set(lengths) == set(tfs)
            assert words == sum(t.count(" ") + 1 for t in texts)
    tfs, lengths, _ = query_term_frequencies({"party"}, TEXTS)
    assert lengths == {0: 9}


def test_bm25_prefers_rare_query_words_over_a_short_common_one() -> None:
    texts = [
        "Caroline: Wow!",
        "Caroline: I went to a LGBTQ support group yesterday",
        "Melanie: Caroline, how are you?",
        "Melanie: I painted a sunrise",
    ]
    scores = bm25_text_scores(
        lexical_tokens("When did Caroline go to the LGBTQ support group?"), texts
    )
    assert max(range(4), key=lambda i: scores[i]) == 1
    assert scores[3] == 0.0
    assert bm25_text_scores([], texts) == [0.0] * 4 and bm25_text_scores(["x"], []) == []


def test_merged_parts_keep_what_one_scan_of_the_whole_scope_keeps() -> None:
    """Each part hands back its ``limit`` most similar plus its exact matches beyond them; the
    merge keeps the global ``limit`` most similar plus the first exact matches beyond."""
    import random

    rng = random.Random(5)
    rows = [(f"m{i}", rng.random(), f"text {i}", rng.random() < 0.2) for i in range(60)]
    limit, exact_limit = 10, 3

    def scan(subset: list[tuple[str, float, str, bool]]) -> dict[str, Any]:
        ranked = sorted(subset, key=lambda r: r[1], reverse=True)
        keep = ranked[:limit] + [r for r in ranked[limit:] if r[3]][:exact_limit]
        return {
            "ids": [r[0] for r in keep],
            "semantic": [r[1] for r in keep],
            "texts": [r[2] for r in keep],
            "exact_ids": [r[0] for r in keep if r[3]],
            "sealed": [[r[0], "user:x"] for r in keep if r[0].endswith("7")],
            "scope_size": len(subset),
        }

    whole = scan(rows)
    for parts in (2, 3, 7):
        merged = merge_scope_parts(
            [scan(rows[p::parts]) for p in range(parts)], limit=limit, exact_limit=exact_limit
        )
        assert merged["ids"] == whole["ids"]
        assert merged["texts"] == whole["texts"] and merged["semantic"] == whole["semantic"]
        assert set(merged["exact_ids"]) == set(whole["exact_ids"])
        assert sorted(merged["sealed"]) == sorted(whole["sealed"])
        assert merged["scope_size"] == 60
