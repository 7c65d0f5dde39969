"""``python -m bench.suite``: each test's CPU, its child processes' CPU and its wall time, per file and per test."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from bench.suite import Timing, by_file, main, read_timings


def test_the_timings_of_every_pytest_process_are_merged_costliest_first(tmp_path: Path) -> None:
    rows = {
        "gw0": [Timing("tests/test_a.py::one", 0.5, 0.0, 0.6), Timing("tests/test_b.py::two", 0.1, 2.0, 2.5)],
        "gw1": [Timing("tests/test_a.py::three", 0.25, 0.0, 0.3)],
    }
    for worker, timings in rows.items():
        (tmp_path / f"{worker}.json").write_text(json.dumps([t.__dict__ for t in timings]))
    merged = read_timings(tmp_path)
    assert [t.test for t in merged] == ["tests/test_b.py::two", "tests/test_a.py::one", "tests/test_a.py::three"]
    assert by_file(merged) == [("tests/test_b.py", 1, 2.1, 2.0), ("tests/test_a.py", 2, 0.75, 0.0)]


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["0", "2"])
def test_a_run_tells_a_busy_test_from_a_waiting_one_and_counts_the_processes_a_test_starts(
    workers: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A real pytest run (a process of its own, in one process or in xdist's workers) over three tests: one
    computing, one sleeping, one whose child process computes."""
    spin = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"
    (tmp_path / "test_three.py").write_text(
        textwrap.dedent(
            f"""
            import subprocess, sys, time

            def test_busy():
                exec({spin!r})

            def test_waiting():
                time.sleep(0.3)

            def test_child():
                subprocess.run([sys.executable, "-c", {spin!r}], check=True)
            """
        )
    )
    out = tmp_path / "run.json"
    pytest_args = [str(tmp_path), "-p", "no:cacheprovider", "-n", workers, "-o", "addopts="]
    assert main(["--json", str(out), "--", *pytest_args]) == 0
    run = json.loads(out.read_text())
    found = {row["test"].rsplit("::", 1)[1]: row for row in run["tests"]}
    assert set(found) == {"test_busy", "test_waiting", "test_child"}
    assert found["test_busy"]["cpu"] >= 0.28 and found["test_busy"]["children"] < 0.05
    assert found["test_waiting"]["cpu"] < 0.1 and found["test_waiting"]["wall"] >= 0.3
    assert found["test_child"]["children"] >= 0.28
    assert run["status"] == 0
    assert run["user"] + run["system"] >= found["test_busy"]["cpu"] + found["test_child"]["children"]
    printed = capsys.readouterr().out
    assert "| test file | tests | CPU s | of it child processes |" in printed and "test_three.py" in printed
    assert "-m pytest -q -p bench.suite" in printed and "--suite-timing" not in printed
