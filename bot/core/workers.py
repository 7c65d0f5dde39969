"""Ending a pool of worker processes for good: at a stop, a worker still thinking or drawing is not waited for."""

from __future__ import annotations

from concurrent.futures import Executor, ProcessPoolExecutor

JOIN_TIMEOUT = 2.0


def stop_pool(pool: Executor | None) -> None:
    """Cancel what waits in ``pool``, end its worker processes (terminate, then kill) and reap them."""
    if pool is None:
        return
    processes = (
        list((getattr(pool, "_processes", None) or {}).values()) if isinstance(pool, ProcessPoolExecutor) else []
    )
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(JOIN_TIMEOUT)
        if process.is_alive():
            process.kill()
            process.join(JOIN_TIMEOUT)
