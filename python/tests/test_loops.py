"""Host loops written as Python writes them, against NumPy.

Lazy mode cuts a loop into windows where its ops repeat (the loop detector),
and a Python loop's variables live on until the next iteration rebinds them:
at a cut, a value no later op reads stays pending and is computed only if
it is read. These loops are drawn from a seed: a body of statements over a
few variables, each rebinding one of them, run for a number of iterations,
sometimes with a host read inside, then every variable read. Every value
must be NumPy's (to a few ulp: fused sums may add in another order).
`LEGATO_LOOP_SEEDS=first:count` draws other loops (a fresh range per
session, as the fuzzer's). The jit run traces each loop without a host
read as one function (its segments cut by the same detector).
"""
import os

import numpy
import pytest

import legato
import legato.numpy as lnp
from conftest import JIT, assert_same

# Shape-preserving statements over (a, b) of shape (8, 16): values stay in
# a bounded range whatever the body, so that no loop overflows.
STATEMENTS = [
    lambda np, a, b: a * 0.5 + b * 0.25,
    lambda np, a, b: np.sin(a) + np.cos(b),
    lambda np, a, b: np.tanh(a - b),
    lambda np, a, b: np.roll(a, 1, axis=1) * 0.5 + b * 0.5,
    lambda np, a, b: np.maximum(a, b) - np.minimum(a, b) * 0.5,
    lambda np, a, b: np.where(a > b, a, b * 0.5),
    lambda np, a, b: a * 0.9 + np.sum(b, axis=0) * 0.01,
    lambda np, a, b: a * 0.9 + np.mean(b) * 0.1,
    lambda np, a, b: np.clip(a + b, -2.0, 2.0),
    lambda np, a, b: a[::-1] * 0.5 + b * 0.5,
    lambda np, a, b: np.concatenate([a[:, 1:], b[:, :1]], axis=1) * 0.75,
]


def slice_update(np, a, b):
    """A statement that writes into its target in place (a copy of a)."""
    out = a.copy()
    out[1:-1, 2:] = (a[:-2, :-2] + b[2:, 2:]) * 0.5
    return out


STATEMENTS.append(slice_update)


def draw_loop(seed):
    """(initial values, body, iterations, iteration of a host read or -1)."""
    rng = numpy.random.default_rng(seed)
    nvars = int(rng.integers(2, 5))
    init = [rng.uniform(-1, 1, (8, 16)) for _ in range(nvars)]
    body = [(int(rng.integers(nvars)), int(rng.integers(len(STATEMENTS))),
             int(rng.integers(nvars)), int(rng.integers(nvars)))
            for _ in range(int(rng.integers(2, 7)))]
    iterations = int(rng.integers(6, 40))
    read_at = int(rng.integers(iterations)) if rng.random() < 0.3 else -1
    return init, body, iterations, read_at


def run_loop(np, init, body, iterations, read_at):
    v = [np.asarray(x) for x in init]
    for i in range(iterations):
        for target, statement, x, y in body:
            v[target] = STATEMENTS[statement](np, v[x], v[y])
        if i == read_at:
            float(np.sum(v[0]))  # a host read cuts the window here
    return v


def seeds():
    spec = os.environ.get("LEGATO_LOOP_SEEDS")
    if spec:
        first, count = (int(x) for x in spec.split(":"))
        return range(first, first + count)
    return range(1, 41)


@pytest.mark.parametrize("seed", seeds())
def test_random_loop_agrees_with_numpy(seed):
    init, body, iterations, read_at = loop = draw_loop(seed)
    expected = run_loop(numpy, *loop)
    if JIT and read_at < 0:
        traced = legato.jit(lambda *xs: tuple(run_loop(lnp, xs, body, iterations, -1)))
        got = traced(*[lnp.asarray(x) for x in init])
    else:
        got = run_loop(lnp, *loop)
    for g, e in zip(got, expected):
        assert_same(g, e, rtol=1e-9, atol=1e-12)


def test_a_loop_variable_read_after_the_loop_is_its_last_value():
    # t is rebound each iteration and read by nothing after it in the loop:
    # at lazy cuts it stays pending; read after the loop, it is the last one.
    def run(np):
        x = np.asarray(numpy.linspace(0, 1, 64).reshape(4, 16))
        t = None
        for _ in range(30):
            t = np.sin(x) * 0.5
            x = x * 0.9 + t
        return x, t

    for g, e in zip(run(lnp), run(numpy)):
        assert_same(g, e)
