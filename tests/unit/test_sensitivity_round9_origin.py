"""Round 9: national origin and migration status said of oneself is a special category
(GDPR art. 9), in seven languages; the same words about others, or in the news, are not."""

from __future__ import annotations

import pytest

from graphmem.write.codes import Rule
from graphmem.write.sensitivity import FindingKind, SensitivityVerdict, scan

_STATUS_EN = ["a refugee", "an asylum seeker", "undocumented", "an illegal immigrant"]
_FRAMES_EN = ["I'm {}", "I am {} here", "I was {} until 2019", "btw I'm still {}"]

SELF = [frame.format(status) for frame in _FRAMES_EN for status in _STATUS_EN] + [
    "저 탈북민이에요, 2015년에 한국 왔어요",
    "저는 새터민입니다",
    "저는 난민 신청 중이에요",
    "사실 불법 체류 중이에요",
    "私は脱北者です",
    "いま難民申請をしています",
    "実は不法滞在なんです",
    "我是难民，去年来的",
    "我在这里是非法移民",
    "我的移民身份还没解决",
    "soy refugiada desde 2018",
    "estoy sin papeles",
    "soy solicitante de asilo",
    "ich bin Flüchtling aus Syrien",
    "ich bin noch Asylbewerber",
    "mein Asylantrag läuft noch",
    "je suis réfugié",
    "je suis sans-papiers depuis deux ans",
    "ma demande d'asile est en cours",
    "my asylum case is pending",
]


@pytest.mark.parametrize("text", SELF)
def test_migration_status_of_oneself_is_special_category(text: str) -> None:
    report = scan(text)
    assert report.verdict is SensitivityVerdict.PII_HIGH, text
    codes = {f.code for f in report.findings if f.kind is FindingKind.PII}
    assert Rule.PII_SPECIAL_CATEGORY in codes


NEAR_MISSES = [
    "I volunteer at a refugee shelter on Sundays",
    "the refugee crisis was on the news again",
    "As refugees arrived, the town opened a school",
    "ich arbeite mit Geflüchteten",
    "난민 관련 다큐멘터리를 봤어",
    "移民政策についての本を読んだ",
    "la película trata de refugiados",
    "I was illegally parked, got a ticket",
]


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_the_same_words_about_others_are_not_the_speakers_status(text: str) -> None:
    report = scan(text)
    assert "migration_status" not in {f.detector for f in report.findings}, text
