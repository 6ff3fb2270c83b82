"""legato.jit, the runtime's configuration and counters."""
import numpy
import pytest

import legato
import legato.numpy as lnp
from conftest import assert_same


def test_jit_traces_once_per_signature_and_agrees_with_numpy():
    traces = []

    @legato.jit
    def f(x, y, scale):
        traces.append(scale)
        return lnp.sum(x * y, axis=0) * scale, x - y

    x = numpy.arange(12.0).reshape(3, 4)
    y = numpy.ones((3, 4))
    for _ in range(3):
        s, d = f(lnp.asarray(x), lnp.asarray(y), 2.0)
    assert_same(s, (x * y).sum(axis=0) * 2.0)
    assert_same(d, x - y)
    assert traces == [2.0]            # traced once
    f(lnp.asarray(x), lnp.asarray(y), 3.0)
    assert traces == [2.0, 3.0]       # a Python scalar is static
    f(lnp.asarray(x[:2]), lnp.asarray(y[:2]), 3.0)
    assert traces == [2.0, 3.0, 3.0]  # a new shape traces again
    stats = f.stats()
    assert stats["kernels"] >= 1 and stats["bytes_moved"] > 0


def test_jit_takes_structures_and_numpy_arrays():
    @legato.jit
    def g(pair, scale=1.0):
        a, b = pair
        return {"sum": (a + b) * scale, "max": lnp.maximum(a, b)}

    a, b = numpy.arange(5.0), numpy.full(5, 2.0)
    r = g((a, b), scale=3.0)
    assert_same(r["sum"], (a + b) * 3.0)
    assert_same(r["max"], numpy.maximum(a, b))


def test_jit_ir_and_ptx():
    f = legato.jit(lambda x: lnp.exp(x) * 2.0 + x)
    x = lnp.ones(1024)
    assert "legato." in f.ir(x, stage="traced")
    assert "func" in f.ir(x)
    assert ".entry" in f.ptx(x) or ".visible" in f.ptx(x)
    with pytest.raises(ValueError):
        f.ir(x, stage="nonsense")


def test_jit_refuses_host_reads_inside():
    f = legato.jit(lambda x: x * float(x[0]))
    with pytest.raises(legato.Error):
        f(lnp.ones(3))


def test_a_python_exception_in_a_traced_function_propagates():
    def bad(x):
        raise KeyError("mine")
    with pytest.raises(KeyError, match="mine"):
        legato.jit(bad)(lnp.ones(2))


def _kernels_and_total(mode):
    legato.config(mode=mode)
    a = lnp.arange(1 << 16, dtype=float)
    legato.flush()
    legato.reset_stats()
    total = float(lnp.sum(lnp.exp(a * 1e-5) * 2.0 + a - 1.0))
    return legato.stats()["kernels"], total


def test_lazy_mode_fuses_what_eager_mode_runs_op_by_op():
    mode = legato.options()["mode"]
    try:
        lazy_kernels, lazy_total = _kernels_and_total("lazy")
        eager_kernels, eager_total = _kernels_and_total("eager")
    finally:
        legato.config(mode=mode)
    assert eager_kernels >= 6  # one per op: *, exp, *, +, -, sum
    assert lazy_kernels < eager_kernels / 2, (lazy_kernels, eager_kernels)
    x = numpy.arange(1 << 16, dtype=float)
    want = (numpy.exp(x * 1e-5) * 2.0 + x - 1.0).sum()
    assert numpy.isclose(lazy_total, want, rtol=1e-12)
    assert numpy.isclose(eager_total, want, rtol=1e-12)


def test_config_options_and_errors():
    opts = legato.options()
    assert opts["backend"] in ("cpu", "cuda") and opts["size"] >= 1
    with pytest.raises(TypeError, match="unknown option"):
        legato.config(colour="blue")
    with pytest.raises(ValueError):
        legato.config(mode="fast")


def test_config_mode_restarts_the_runtime_and_keeps_arrays():
    mode = legato.options()["mode"]
    a = lnp.arange(4.0) * 2
    other = "eager" if mode == "lazy" else "lazy"
    legato.config(mode=other)
    try:
        assert legato.options()["mode"] == other
        assert_same(a + 1, numpy.arange(4.0) * 2 + 1)
    finally:
        legato.config(mode=mode)
    assert legato.options()["mode"] == mode


def test_sharding_api_on_one_rank():
    a = lnp.arange(8.0)
    assert_same(legato.shard(a, 0), numpy.arange(8.0))
    assert_same(legato.replicate(a), numpy.arange(8.0))
    assert repr(legato.Sharding.split(1)) == "Sharding.split(1)"


def test_ctrl_c_during_a_wait_is_a_keyboard_interrupt_when_it_ends():
    # The traced body runs inside the jit call's wait, as a long program
    # would: the SIGINT it sends to its own process must come back as
    # KeyboardInterrupt when the call ends, not be lost.
    import os
    import signal

    def body(x):
        os.kill(os.getpid(), signal.SIGINT)
        return x * 2

    f = legato.jit(body)
    with pytest.raises(KeyboardInterrupt):
        f(lnp.arange(3.0))
    assert_same(f(lnp.arange(3.0)), numpy.arange(3.0) * 2)  # traced: runs, no signal
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # Python's again


def test_ctrl_c_outside_a_wait_is_pythons():
    # After legato has waited (its handler in place), a SIGINT outside any
    # wait is Python's at once, and a handler Python code installs is called.
    import os
    import signal
    import time
    float(lnp.sum(lnp.arange(4.0)))  # a host read: a wait
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)  # (the interpreter raises it at its next check)
    heard = []
    previous = signal.signal(signal.SIGINT, lambda sig, frame: heard.append(sig))
    try:
        float(lnp.sum(lnp.arange(4.0)))
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.1)
        assert heard == [signal.SIGINT]
    finally:
        signal.signal(signal.SIGINT, previous)
