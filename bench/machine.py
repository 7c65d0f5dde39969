"""How loaded the machine was while a figure was taken: CPU used by the benchmark's own processes and by others.

``CpuWindow`` reads ``/proc`` (Linux) at its start and end: the machine's busy time (all cores),
the time of the processes under measurement (the benchmark itself, the bot processes and every
descendant of them — image workers — and PostgreSQL's server processes), and the difference, which
is what other programs took. Figures are in cores (1.0 = one core busy the whole window).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def machine_busy() -> tuple[float, float]:
    """(busy seconds, all seconds) summed over the cores since boot."""
    fields = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + fields[4]
    return (sum(fields) - idle) / TICKS, sum(fields) / TICKS


def _processes() -> dict[int, tuple[int, str, float]]:
    """pid -> (parent pid, command name, CPU seconds) of every process."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            text = (entry / "stat").read_text()
        except OSError:
            continue
        name = text[text.index("(") + 1 : text.rindex(")")]
        rest = text[text.rindex(")") + 2 :].split()
        found[int(entry.name)] = (int(rest[1]), name, (int(rest[11]) + int(rest[12])) / TICKS)
    return found


def main_thread_cpu(pid: int) -> float:
    """CPU seconds of the process's main thread alone (a bot's event loop; not SQLite's or the executor's threads)."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/stat").read_text()
    except OSError:
        return 0.0
    rest = text[text.rindex(")") + 2 :].split()
    return (int(rest[11]) + int(rest[12])) / TICKS


def tree_cpu(roots: set[int], names: tuple[str, ...] = ("postgres",)) -> dict[str, float]:
    """CPU seconds of ``roots`` ("root"), of their descendants ("children") and of processes called one of ``names``
    ("server")."""
    processes = _processes()
    children: dict[int, list[int]] = {}
    for pid, (parent, _, _) in processes.items():
        children.setdefault(parent, []).append(pid)
    found = {"root": 0.0, "children": 0.0, "server": 0.0}
    seen = {pid for pid in roots if pid in processes}
    found["root"] = sum(processes[pid][2] for pid in seen)
    found["loop"] = sum(main_thread_cpu(pid) for pid in seen)
    stack = [child for pid in seen for child in children.get(pid, []) if child not in seen]
    while stack:
        pid = stack.pop()
        if pid not in seen:
            seen.add(pid)
            found["children"] += processes[pid][2]
            stack.extend(children.get(pid, []))
    found["server"] = sum(cpu for pid, (_, name, cpu) in processes.items() if name in names and pid not in seen)
    return found


@dataclass
class Load:
    """A window's CPU in cores: the whole machine, the processes measured, everything else; the load average."""

    seconds: float
    machine: float
    ours: float
    others: float
    loadavg: float
    parts: dict[str, float]
    """Cores of the measured processes by group: "root" (the roots), "children", "server" (PostgreSQL)."""

    def text(self) -> str:
        busy = f"machine {self.machine:.2f} cores busy (ours {self.ours:.2f}, others {self.others:.2f})"
        return f"{busy}, load {self.loadavg:.1f}"


class CpuWindow:
    """Measures the CPU spent between ``start()`` and ``stop()``; ``bots``: a second set of roots measured apart."""

    def __init__(self, roots: set[int] | None = None, bots: set[int] | None = None) -> None:
        self.roots = roots if roots is not None else {os.getpid()}
        self.bots = bots or set()

    def _sample(self) -> dict[str, float]:
        mine = tree_cpu(self.roots)
        bots = tree_cpu(self.bots, names=())
        return {
            "bench": mine["root"] - bots["root"],
            "bots": bots["root"],
            "bot_loop": bots["loop"],
            "workers": bots["children"],
            "server": mine["server"],
            "all": mine["root"] + mine["children"] + mine["server"],
        }

    def start(self) -> CpuWindow:
        self._t = time.perf_counter()
        self._busy = machine_busy()[0]
        self._ours = self._sample()
        return self

    def stop(self) -> Load:
        seconds = time.perf_counter() - self._t
        busy = machine_busy()[0] - self._busy
        now = self._sample()
        parts = {key: (now[key] - self._ours[key]) / seconds for key in now}
        ours = parts.pop("all")
        loadavg = float(Path("/proc/loadavg").read_text().split()[0])
        return Load(seconds, busy / seconds, ours, max(busy / seconds - ours, 0.0), loadavg, parts)
