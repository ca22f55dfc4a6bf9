"""A review releases the procedure it reviewed: loosely named reviews of this release pass,
a review naming another release does not (graphmem.write.review)."""

from __future__ import annotations

import pytest

from graphmem.write.review import names_release


@pytest.mark.parametrize(
    ("review", "key", "version", "tests"),
    [
        ("Reviewed VPN 720 runbook v2.3.0; procedure-eval-18 passes.", "vpn-720-fix", "2.3.0",
         ["procedure-eval-18"]),
        ("프린터 E-04 절차 검토 완료, 시뮬레이터 테스트 통과.", "printer-e04", "1.0.0", []),
        ("DB failover drill passed twice in staging; reviewed by DBA team.", "pg-failover",
         "1.4.0", []),
        ("vpn_720_fix 2.4.0 adds a driver check", "vpn-720-fix", "2.4.0", []),
    ],
)  # fmt: skip
def test_a_review_of_this_release_releases_it(
    review: str, key: str, version: str, tests: list[str]
) -> None:
    assert names_release(review, key, version, tests)


@pytest.mark.parametrize(
    ("review", "key", "version"),
    [
        ("v11-log-rotate 1.0.0 검토 완료", "v11-firewall-open", "1.0.0"),
        ("Reviewed VPN 720 runbook v2.3.0, tests pass.", "vpn-720-fix", "2.4.0"),
        ("log_rotate reviewed, fine to ship", "disable-mfa", "1.0.0"),
        ("", "vpn-720-fix", "2.3.0"),
    ],
)
def test_a_review_of_another_release_releases_nothing(review: str, key: str, version: str) -> None:
    assert not names_release(review, key, version)
