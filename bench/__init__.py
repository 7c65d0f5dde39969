"""Benchmarks: engine speed, render time and size, end-to-end move latency through the fake Discord."""
