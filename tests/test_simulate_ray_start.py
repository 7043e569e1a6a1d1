"""How the Ray backend starts Ray, with Ray faked (no Ray starts: the fast run keeps it).

Ray 2.59 on turns token authentication on for a new local Ray and logs a notice saying so
("Set RAY_AUTH_MODE=disabled to opt out"). When phase10 starts that Ray itself, for one
simulation, the notice asks nothing of its user and is dropped; every other message of Ray
shows, and a cluster the user started or named hears Ray's notices unchanged. (Checked on
Ray 2.60 too: ``phase10 simulate --backend ray`` prints no notice.)
"""

from __future__ import annotations

import importlib.util
import logging

import pytest

from phase10.simulate import ray_backend

TOKEN_LOGGER = "ray._private.authentication.authentication_token_setup"
NOTICE = (
    "Token authentication is enabled for this Ray cluster. Set RAY_AUTH_MODE=disabled to opt "
    "out. For more information, see https://docs.ray.io/en/latest/ray-security/token-auth.html"
)


class _Kept(logging.Handler):
    def __init__(self, kept: list[logging.LogRecord]) -> None:
        super().__init__()
        self.kept = kept

    def emit(self, record: logging.LogRecord) -> None:
        self.kept.append(record)


@pytest.mark.parametrize(("address", "shown"), [(None, False), ("auto", True)])
def test_the_token_notice_is_dropped_only_for_the_ray_phase10_starts(
    monkeypatch: pytest.MonkeyPatch, address: str | None, shown: bool
) -> None:
    ray = pytest.importorskip("ray", reason="the ray extra is not installed")
    if tuple(int(part) for part in ray.__version__.split(".")[:2]) >= (2, 59):
        assert importlib.util.find_spec(TOKEN_LOGGER) is not None, "Ray logs the notice there"
    token_logger = logging.getLogger(TOKEN_LOGGER)

    def init(**kwargs: object) -> None:  # what Ray's init logs as it starts or joins
        token_logger.warning(NOTICE)
        token_logger.warning("Token authentication is disabled for this Ray cluster. ...")
        logging.getLogger("ray").warning("another warning of Ray")

    monkeypatch.setattr(ray, "init", init)
    shown_by_ray: list[logging.LogRecord] = []
    handler = _Kept(shown_by_ray)
    ray_logger = logging.getLogger("ray")  # Ray's handlers sit here (it does not propagate)
    ray_logger.addHandler(handler)
    try:
        ray_backend._connect(ray, 1, address)
    finally:
        ray_logger.removeHandler(handler)
    messages = [record.getMessage() for record in shown_by_ray]
    assert (NOTICE in messages) is shown
    assert "another warning of Ray" in messages
    assert any(m.startswith("Token authentication is disabled") for m in messages)
    assert not token_logger.filters, "the filter goes with the start"


def test_the_filter_goes_when_rays_start_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """A start that raises (Ray's own error, or Ctrl-C held to its end) leaves no filter
    behind: a later Ray the user starts in this process tells its notice."""
    ray = pytest.importorskip("ray", reason="the ray extra is not installed")
    token_logger = logging.getLogger(TOKEN_LOGGER)

    def init(**kwargs: object) -> None:
        assert token_logger.filters, "the notice is dropped while Ray starts"
        raise RuntimeError("Ray could not start")

    monkeypatch.setattr(ray, "init", init)
    monkeypatch.setattr(ray, "shutdown", lambda: None)
    with pytest.raises(RuntimeError, match="could not start"):
        ray_backend._connect(ray, 1, None)
    assert not token_logger.filters
