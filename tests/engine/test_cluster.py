"""One dask cluster per process, reused by every match (issue 22 item 4)."""

from __future__ import annotations

import pytest

from workbench.engine.runs import cluster
from workbench.engine.runs.match import play_match


@pytest.mark.slow
def test_matches_share_one_cluster_started_once():
    try:
        assert cluster.startup_seconds(1) is None
        first = play_match("pig", ["hold:20", "random"], games=8, seed=1, workers=1)
        client = cluster.shared_client(1)
        started = cluster.startup_seconds(1)
        assert started is not None and started > 0
        second = play_match("pig", ["hold:20", "random"], games=8, seed=1, workers=1)
        assert cluster.shared_client(1) is client and cluster.startup_seconds(1) == started
        assert first == second  # same seed, same games, on the reused cluster
        assert first == play_match("pig", ["hold:20", "random"], games=8, seed=1)
    finally:
        cluster.close_shared()
    assert cluster.startup_seconds(1) is None


def test_workers_must_be_a_whole_number():
    with pytest.raises(ValueError, match="workers must be a whole number >= 1"):
        cluster.shared_client(0)
