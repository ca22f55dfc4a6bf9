"""The calibrated fusion: Korean folding, BM25 coverage, expansion to parts, redundancy."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from graphmem.read.candidates import Pool
from graphmem.read.expansion import MIN_PART_CHARS, expansion, parts_of
from graphmem.read.lexical import (
    cross_script_share,
    fold_korean,
    gated_coverage,
    lexical_coverage,
    lexical_tokens,
    terms,
)
from graphmem.read.ranking import Weights, question_share, score_rows, speaker_share

NOW = "2026-12-01T00:00:00Z"


@pytest.mark.parametrize(
    ("word", "folded"),
    [
        ("고객에게", "고객"),
        ("고객은", "고객"),
        ("고객", "고객"),
        ("회의", "회의"),  # one syllable would remain: kept whole
        ("회의는", "회의"),
        ("리전에만", "리전"),  # two particles
        ("고양이가", "고양"),  # folds as 고양이 does: the same in query and text
        ("고양이", "고양"),
        ("보관한다", "보관"),
        ("저장해야", "저장"),
        ("notion에", "notion"),  # a loanword loses its particle, keeps its spelling
        ("console", "console"),
    ],
)
def test_korean_words_lose_their_particles_and_endings(word: str, folded: str) -> None:
    assert fold_korean(word) == folded


def test_korean_query_and_text_meet_on_the_folded_stem() -> None:
    assert lexical_tokens("고객 데이터는 서울 리전에만 저장해야 한다") == [
        "고객",
        "데이터",
        "서울",
        "리전",
        "저장",
        "한다",
    ]
    assert "고객" in terms("고객에게 보낼 안내")
    assert lexical_tokens("logs를 14일 동안") == ["log", "14일", "동안"]
    text = ["고객 데이터는 서울 리전에만 저장해야 한다", "Minji uses Neovim"]
    # 고객, 데이터, 저장 of 고객 / 데이터 / 어디 / 저장 (unfolded, only 고객 matched)
    share = lexical_coverage(lexical_tokens("고객 데이터를 어디에 저장해?"), text)
    assert share[0] > 0.4 and share[1] == 0.0


def test_coverage_is_the_share_of_the_query_a_text_holds_not_a_share_of_the_pools_best() -> None:
    texts = [
        "the admin console login uses the company sso",
        "the browser console shows a cors error",
        "minji drinks oat milk lattes",
        "the staging database is postgresql",
    ]
    full = lexical_coverage(lexical_tokens("admin console login sso"), texts)
    assert full[0] > 0.85 and full[0] == max(full)  # a little less: longer than the average
    # a Korean query sharing one English word: a small share, where /max made it a full 1.0
    one = lexical_coverage(lexical_tokens("관리자 콘솔 로그인 방법 console"), texts)
    assert 0 < one[0] < 0.3 and 0 < one[1] < 0.3 and one[2] == one[3] == 0.0


def test_a_word_most_of_the_pool_holds_is_a_stop_word_of_the_pool() -> None:
    texts = [f"minji note number {i} about topic{i}" for i in range(8)] + ["minji has a laptop"]
    query = lexical_tokens("minji laptop")
    kept = lexical_coverage(query, texts)
    dropped = lexical_coverage(query, texts, max_df=0.2)
    assert kept[0] > 0 and dropped[0] == 0.0  # only the everywhere-name matched
    assert dropped[8] > 0


def test_parts_are_found_inside_their_containers_only() -> None:
    turn = "Caroline: I went to a LGBTQ support group yesterday."
    reply = "Melanie: That is wonderful, how did it go for you?"
    texts = [
        turn,
        reply,
        f"{turn} / {reply}",
        "Caroline: Wow!",
        "Wow!",
        "An unrelated text here ok",
    ]
    assert len("Caroline: Wow!") < MIN_PART_CHARS
    assert parts_of(texts, range(len(texts))) == {0: [2], 1: [2]}
    assert parts_of(texts, [0, 1]) == {}  # neither turn holds the other
    gained = expansion(texts, [0.1, 0.0, 0.9, 0.0, 0.0, 0.0], top=1, weight=1.0)
    assert gained == [0.9, 0.9, 0.0, 0.0, 0.0, 0.0]
    assert expansion(texts, [0.1, 0.0, 0.9, 0.0, 0.0, 0.0], top=1, weight=0.0) == [0.0] * 6


def _held_at_a_word_start(part: str, whole: str) -> bool:
    return any(
        whole.startswith(part, at) and (at == 0 or not re.match(r"\w", whole[at - 1]))
        for at in range(len(whole))
    )


def test_parts_of_finds_exactly_the_word_start_containment_of_its_definition() -> None:
    """Against the definition, checked pair by pair: random windows of turns (Korean,
    punctuation, words glued to a part's first word) on many seeds."""
    words = ["Caroline:", "Melanie", "went", "to", "the", "group", "yes", "지난주", "캠핑", "_x",
             "x", "!", "/", "ok,", "2023"]  # fmt: skip
    for seed in range(60):
        rng = random.Random(seed)
        turns = [" ".join(rng.choices(words, k=rng.randint(3, 12))) for _ in range(12)]
        windows = [" / ".join(turns[i : i + 3]) for i in range(0, 10, 2)]
        glued = [f"x{turns[i]}" for i in range(3)]  # a part's text not at a word start
        texts = turns + windows + glued + [turns[0]]  # and a duplicate text
        containers = rng.sample(range(len(texts)), k=rng.randint(1, len(texts)))
        longest = max(len(texts[c]) for c in containers)
        expected: dict[int, list[int]] = {}
        for i, text in enumerate(texts):
            if not MIN_PART_CHARS <= len(text) < longest or not re.match(r"\w", text):
                continue
            for c in containers:
                held = _held_at_a_word_start(text, texts[c])
                new = c not in expected.get(i, [])
                if c != i and len(texts[c]) > len(text) and held and new:
                    expected.setdefault(i, []).append(c)
        assert parts_of(texts, containers) == expected, seed


def test_expansion_from_a_scopes_whole_containment_is_the_same_as_searched() -> None:
    """``parts`` (every text a container, computed once per scope: the feature cache's) gives
    the answer a search among the ``top`` gives, for any relevance."""
    words = ["Caroline:", "Melanie", "went", "to", "the", "group", "yes", "지난주", "캠핑", "x"]
    for seed in range(60):
        rng = random.Random(seed)
        turns = [" ".join(rng.choices(words, k=rng.randint(3, 12))) for _ in range(12)]
        windows = [" / ".join(turns[i : i + 3]) for i in range(0, 10, 2)]
        texts = turns + windows + [turns[0], f"x{turns[1]}"]
        whole = parts_of(texts, range(len(texts)))
        for top in (1, 3, 8, 40):
            relevance = [rng.choice([0.0, 0.5, rng.random()]) for _ in texts]
            want = expansion(texts, relevance, top=top, weight=1.5)
            assert expansion(texts, relevance, top=top, weight=1.5, parts=whole) == want, seed


def test_a_scopes_containment_is_kept_by_its_ids_and_goes_with_the_cache() -> None:
    from graphmem.read.scope_cache import FeatureCache

    texts = ["Caroline: I went to the LGBTQ support group yesterday", "Melanie: Wow!"]
    texts.append(" / ".join(texts))
    ids = ["m0", "m1", "m2"]
    cache = FeatureCache(capacity=10, dimensions=4)
    assert cache.scope_texts("acme", ids, texts).parts() == {0: [2]}
    # another order of the same scope: by position in that order, without a search
    assert cache.scope_texts("acme", ids[::-1], texts[::-1]).parts() == {2: [0]}
    assert cache._scopes  # kept
    cache.clear()  # an erasure's epoch empties the cache: what it kept of the texts goes too
    assert not cache._scopes


def _row(memory_id: str, text: str, semantic: float, lexical: float = 0.0) -> dict[str, Any]:
    return {
        "memory_id": memory_id,
        "text": text,
        "type": "EPISODIC",
        "semantic": semantic,
        "lexical": lexical,
        "expansion": 0.0,
    }


def test_a_result_a_better_one_holds_whole_is_marked_redundant_and_moves_down() -> None:
    turn = "Caroline: I went to a LGBTQ support group yesterday."
    window = f"Melanie: Hi! / {turn} / Melanie: Wow, that sounds great."
    rows = [
        _row("window", window, 0.9),
        _row("turn", turn, 0.8),
        _row("other", "Melanie: I painted a lake sunrise last year.", 0.5),
    ]
    ranked = score_rows(rows, Weights(), [], {}, NOW)
    assert [s.memory_id for s in ranked] == ["window", "other", "turn"]
    assert ranked[2].breakdown["redundant"] == -1.0
    assert ranked[0].breakdown["redundant"] == 0.0
    assert all(set(s.breakdown) >= {"semantic", "lexical", "expansion"} for s in ranked)
    assert ranked[2].score == pytest.approx(sum(ranked[2].breakdown.values()))
    # the turn first: the window is not redundant (it holds more than the turn), but the
    # turn is a share of its tokens already placed: it takes that share of ``partly_redundant``
    rows[1]["semantic"] = 0.95
    ranked = score_rows(rows, Weights(), [], {}, NOW)
    assert [s.memory_id for s in ranked] == ["turn", "window", "other"]
    share = len(turn) / len(window)
    assert ranked[1].breakdown["redundant"] == pytest.approx(-Weights().partly_redundant * share)
    assert ranked[0].breakdown["redundant"] == ranked[2].breakdown["redundant"] == 0.0
    assert ranked[1].score == pytest.approx(sum(ranked[1].breakdown.values()))
    unmarked = score_rows(rows, Weights(partly_redundant=0.0), [], {}, NOW)
    assert all(s.breakdown["redundant"] == 0.0 for s in unmarked)


def test_a_window_whose_turns_rank_above_it_moves_below_new_evidence() -> None:
    """Both of a window's turns already placed: the window repeats them at their tokens and
    more, so a result with new evidence and a slightly lower score goes first."""
    first = "Caroline: I went to a LGBTQ support group yesterday."
    second = "Melanie: That is wonderful, I hope it went well for you."
    rows = [
        _row("t1", first, 0.9),
        _row("t2", second, 0.85),
        _row("window", f"{first} / {second}", 0.8),
        _row("new", "Caroline: I am going to adopt a dog next month.", 0.7),
    ]
    ranked = score_rows(rows, Weights(), [], {}, NOW)
    assert [s.memory_id for s in ranked] == ["t1", "t2", "new", "window"]
    assert ranked[3].breakdown["redundant"] < -0.4


def test_in_a_pool_of_mixed_scripts_a_weak_lexical_match_counts_nothing() -> None:
    """A Korean query's words can match only Korean memories: in a pool where half the texts
    are English, one common shared word ("좋아") must not lift a Korean memory over the
    English one the embedder prefers. In a one-script pool the same match still counts."""
    english = ["Minji prefers dark mode in every app", "Minji uses Neovim as her main editor"]
    korean = ["코드 예시는 파이썬으로 보여 주는 것을 좋아한다", "민지는 아침 7시에 달리기를 한다"]
    # one user's memories, about half in each language (a few dozen, as in the bench's set)
    english += [f"Minji noted English fact number {i} about work" for i in range(10)]
    korean += [f"민지는 업무 메모 {i}번을 적었다" for i in range(11)]
    query = "어떤 테마를 좋아해?"
    texts = [english[0], korean[0], *english[1:], *korean[1:]]
    assert cross_script_share(lexical_tokens(query), texts) == pytest.approx(12 / 25)
    ids = ["dark", "python", *(f"f{i}" for i in range(23))]
    mixed = Pool(ids, [0.3, 0.28, *[0.05] * 23], list(texts), set())
    chosen = mixed.select(query, Weights(), 5)
    assert next(iter(chosen)) == "dark" and chosen["python"]["lexical"] == 0.0
    ungated = mixed.select(query, Weights(lexical_floor=0.0), 5)
    assert next(iter(ungated)) == "python"  # what the gate prevents
    # all Korean: nothing is out of the words' reach, the match counts as before
    same = Pool([f"k{i}" for i in range(len(korean))], [0.28] * len(korean), list(korean), set())
    assert same.select(query, Weights(), 2)["k0"]["lexical"] > 0.0
    assert gated_coverage(1.0, 0.3) == 1.0 and gated_coverage(0.2, 0.3) == 0.0
    assert gated_coverage(0.65, 0.3) == pytest.approx(0.5)


def test_the_cross_script_share_counts_texts_no_query_word_can_match() -> None:
    texts = [
        "민지는 아침 7시에 달리기를 한다",
        "Minji uses Neovim",
        "123 !!",
        "팀은 Gerrit을 쓴다",
        "",
    ]
    assert cross_script_share(lexical_tokens("지호 노트북 기종이 뭐야?"), texts) == 0.6
    assert cross_script_share(lexical_tokens("Which editor?"), texts) == 0.6
    assert cross_script_share(lexical_tokens("console 콘솔"), texts) == 0.4  # both scripts
    assert cross_script_share(["2023"], texts) == 0.0  # digits: no script to miss
    assert cross_script_share(lexical_tokens("editor"), ["An editor"] * 1000) == 0.0
    assert cross_script_share(lexical_tokens("editor"), []) == 0.0


def test_a_predicate_meets_the_query_word_it_folds_to() -> None:
    """The entity·predicate exact match compares words folded as the lexical score folds
    them: "read" meets ``reading``, "prefers" meets ``prefer``."""
    rows = [
        {**_row("reading", "서연은 출퇴근길에 SF 소설을 읽는다", 0.29), "predicate": "reading"},
        {**_row("commute", "서연은 지하철로 출근한다", 0.2), "predicate": "commute"},
    ]
    query = terms("What does Seoyeon read on her commute?")
    ranked = score_rows(rows, Weights(), query, {}, NOW)
    assert ranked[0].memory_id == "reading"
    assert ranked[0].breakdown["entity"] == ranked[1].breakdown["entity"] > 0


def test_one_shared_word_no_longer_outranks_a_better_cosine() -> None:
    """The issue's failure: a Korean query whose one English word a distractor shares. Divided
    by the pool's best, that word was worth a full 1.0 against cosines of 0.1-0.35."""
    texts = [
        "Sign-in to the admin dashboard goes through the company SSO",  # the answer
        "The game console in the office lounge is a Nintendo Switch",
        "Minji drinks oat milk lattes, no sugar",
        *(f"filler memory number {i} about something else" for i in range(7)),
    ]
    ids = [f"m{i + 1}" for i in range(len(texts))]
    pool = Pool(ids, [0.35, 0.2, *[0.1] * 8], list(texts), set())
    chosen = pool.select("관리자 console에 어떻게 로그인해?", Weights(), 10)
    relevance = {m: v["semantic"] + v["lexical"] + v["expansion"] for m, v in chosen.items()}
    assert max(relevance, key=relevance.__getitem__) == "m1"
    assert 0 < chosen["m2"]["lexical"] < 0.15 and chosen["m1"]["lexical"] == 0.0


@pytest.mark.parametrize(
    ("text", "share"),
    [
        ("Melanie: Have you done events for any other causes?", 1.0),
        ("주말에 뭐 했어요？", 1.0),  # full-width
        ('He asked "where is it?"', 1.0),  # a closing quote is read past
        ("هل زرت المتحف؟", 1.0),  # Arabic
        ("Caroline: I went to a support group yesterday.", 0.0),
        ("items: a; b;", 0.0),  # a semicolon is not a question mark (only Greek's is)
        ("", 0.0),
    ],
)
def test_the_share_of_a_text_that_asks(text: str, share: float) -> None:
    assert question_share(text) == share


def test_a_window_with_one_question_asks_only_in_part() -> None:
    window = (
        "Caroline: I went to a support group yesterday. / "
        "Melanie: Wow, that sounds great. / Melanie: How was it?"
    )
    assert 0.1 < question_share(window) < 0.4
    mixed = "Melanie: I went swimming with the kids. Did you go too?"
    assert 0.2 < question_share(mixed) < 0.5


def test_a_question_ranks_below_the_statement_that_answers_it() -> None:
    """A turn that asks shares the query's words and meaning but states nothing: with the
    shipped weights it goes below the turn that answers it, and the breakdown says why."""
    rows = [
        _row("asks", "Maria: Have you done events for any other causes, John?", 0.62, 0.6),
        _row("answers", "John: We raised funds for victims of domestic abuse.", 0.55, 0.5),
    ]
    ranked = score_rows(rows, Weights(), [], {}, NOW)
    assert [s.memory_id for s in ranked] == ["answers", "asks"]
    assert ranked[1].breakdown["question"] == -Weights().interrogative
    assert ranked[0].breakdown["question"] == 0
    assert ranked[1].score == pytest.approx(sum(ranked[1].breakdown.values()))
    plain = score_rows(rows, Weights(interrogative=0.0), [], {}, NOW)
    assert [s.memory_id for s in plain] == ["asks", "answers"]


def test_phase_one_keeps_the_answer_over_the_question_it_answers() -> None:
    """The same part in phase 1, where the pool for hydration is chosen: with a pool of one,
    the statement is kept and the question is not."""
    texts = ["Maria: Have you done events for any other causes?", "John: We ran a food drive."]
    found = Pool(ids=["asks", "answers"], semantic=[0.62, 0.5], texts=list(texts), exact_ids=set())
    query = "What causes has John done events for?"
    assert list(found.select(query, Weights(), 1)) == ["answers"]
    assert list(found.select(query, Weights(interrogative=0), 1)) == ["asks"]


def test_the_speaker_the_query_names_is_an_entity_match() -> None:
    q = set(lexical_tokens("What activities does Melanie partake in?"))
    assert speaker_share(["user:conv-26.melanie"], q) == 1.0
    assert speaker_share(["user:conv-26.caroline"], q) == 0.0
    # a window citing three turns, one of them hers; a source with no speaker is not named
    assert speaker_share(["user:x.melanie", "user:x.caroline", None], q) == pytest.approx(1 / 3)
    assert speaker_share(None, q) == 0.0 and speaker_share([], q) == 0.0
    # the kind and words of two letters or fewer never name anyone
    assert speaker_share(["user:al"], set(lexical_tokens("user al"))) == 0.0


def test_what_the_named_person_said_ranks_above_what_the_other_said() -> None:
    rows = [
        {
            **_row("hers", "Melanie: I'm off to go swimming with the kids.", 0.30),
            "speakers": ["user:c.melanie"],
        },
        {
            **_row("his", "Caroline: Swimming sounds fun, enjoy!", 0.33),
            "speakers": ["user:c.caroline"],
        },
    ]
    terms = ["what", "activities", "melanie", "partake"]
    ranked = score_rows(rows, Weights(), terms, {}, NOW)
    assert [s.memory_id for s in ranked] == ["hers", "his"]
    assert ranked[0].breakdown["entity"] == pytest.approx(0.3 * 3.0)
    off = score_rows(rows, Weights(speaker=0.0), terms, {}, NOW)
    assert [s.memory_id for s in off] == ["his", "hers"]
