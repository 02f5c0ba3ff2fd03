"""One dask cluster per process, reused by every match (issue 22 item 4)."""

from __future__ import annotations

import os

import pytest

from workbench.engine.conformance.toy import make_takeaway
from workbench.engine.runs import cluster
from workbench.engine.runs.match import play_match, play_matches
from workbench.engine.runs.sweep import InlineExecutor, sweep


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
        # several matches handed over at once: each as if played alone, in this process
        several = [(["hold:20", "random"], 8, 1), (["random", "hold:15"], 5, 2)]
        assert play_matches("pig", several, workers=1) == play_matches("pig", several)
        assert play_matches("pig", several, workers=1)[0] == first
        # a sweep with workers runs on the same cluster, with the frame of one core
        inline = sweep(make_takeaway, {"stones": [3, 5]}, n=12, seed=4, executor=InlineExecutor())
        assert sweep(make_takeaway, {"stones": [3, 5]}, n=12, seed=4, workers=1).equals(inline)
        assert cluster.shared_client(1) is client and cluster.startup_seconds(1) == started
        # the workers run without dask's stack sampling (no dashboard reads it; it cost CPU)
        assert set(client.run(_profiling).values()) == {False}
    finally:
        cluster.close_shared()
    assert cluster.startup_seconds(1) is None


def _profiling() -> bool:
    import dask

    return bool(dask.config.get("distributed.worker.profile.enabled"))


def test_quiet_settings_name_dask_keys_and_yield_to_the_environment(monkeypatch):
    """Each quiet setting is a key dask knows, and one already in the environment wins."""
    import dask
    import distributed  # noqa: F401  (its config defaults, the distributed.* keys, load with it)

    for key in cluster.CLUSTER_SETTINGS:
        assert dask.config.get(key) is not None, key
    monkeypatch.setattr(
        os,
        "environ",
        {k: v for k, v in os.environ.items() if k != "DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL"},
    )
    monkeypatch.setattr(cluster, "_SET_HERE", set())
    os.environ["DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED"] = "True"  # the user's
    chosen = cluster._quiet_environment()
    assert "distributed.worker.profile.enabled" not in chosen
    assert chosen["distributed.admin.tick.interval"] == "500ms"
    assert os.environ["DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL"] == "500ms"
    assert "distributed.admin.tick.interval" in cluster._quiet_environment()  # again: ours


def test_workers_must_be_a_whole_number():
    with pytest.raises(ValueError, match="workers must be a whole number >= 1"):
        cluster.shared_client(0)
