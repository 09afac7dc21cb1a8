"""The head as a small network: a hidden layer of rectified units that the five signs share, then
one logistic regression per sign over it (src/safety/meaning/head.rs reads it so).

A linear head per sign cannot tell an animal that is present from one that takes part, or
bondage agreed from bondage forced, when the words are the same; a layer the signs share can
weigh the words together. Trained as several nets from different seeds whose hidden units stand
side by side and whose logits are averaged: one net again, steadier than any of them alone.

Deterministic: seeded initialisation and order, float32, numpy only.
"""
import os

import numpy as np

HIDDEN = int(os.environ.get("LUCENT_HEAD_HIDDEN", "128"))  # units per seed
SEEDS = 3
EPOCHS = 40
BATCH = 256
RATE = 1e-3  # Adam
DECAY = 1e-3  # L2 on the weights, as a gradient term


def balanced_weights(Y, M):
    """Per sign, each known label weighted so that its positives and negatives weigh the same;
    unknown labels weigh nothing."""
    W = np.zeros(Y.shape, np.float32)
    for j in range(Y.shape[1]):
        known = M[:, j] == 1
        pos = known & (Y[:, j] == 1)
        neg = known & (Y[:, j] == 0)
        W[pos, j] = known.sum() / (2.0 * max(pos.sum(), 1))
        W[neg, j] = known.sum() / (2.0 * max(neg.sum(), 1))
    return W


def fit_one(Z, Y, W, seed):
    """One net on standardised inputs Z, by minibatch Adam on the weighted log-loss."""
    rng = np.random.RandomState(seed)
    n, d = Z.shape
    k = Y.shape[1]
    params = [
        (rng.randn(d, HIDDEN) * np.sqrt(2.0 / d)).astype(np.float32),
        np.zeros(HIDDEN, np.float32),
        (rng.randn(HIDDEN, k) * np.sqrt(1.0 / HIDDEN)).astype(np.float32),
        np.zeros(k, np.float32),
    ]
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    step = 0
    for _ in range(EPOCHS):
        order = rng.permutation(n)
        for s in range(0, n, BATCH):
            idx = order[s:s + BATCH]
            W1, b1, W2, b2 = params
            x = Z[idx]
            h = x @ W1 + b1
            a = np.maximum(h, 0)
            p = 1 / (1 + np.exp(-np.clip(a @ W2 + b2, -30, 30)))
            g = W[idx] * (p - Y[idx]) / len(idx)
            gh = (g @ W2.T) * (h > 0)
            grads = [x.T @ gh + DECAY * W1, gh.sum(0), a.T @ g + DECAY * W2, g.sum(0)]
            step += 1
            for i, grad in enumerate(grads):
                first[i] = 0.9 * first[i] + 0.1 * grad
                second[i] = 0.999 * second[i] + 0.001 * grad * grad
                mean = first[i] / (1 - 0.9 ** step)
                var = second[i] / (1 - 0.999 ** step)
                params[i] -= RATE * mean / (np.sqrt(var) + 1e-8)
    return params


def fit(X, Y, M):
    """(W1, b1, W2, b2) on raw embeddings X for labels Y known where M: `SEEDS` nets side by side,
    the standardisation folded into the first layer."""
    mu = X.mean(0)
    sd = X.std(0) + 1e-6
    Z = ((X - mu) / sd).astype(np.float32)
    weights = balanced_weights(Y, M)
    nets = [fit_one(Z, Y.astype(np.float32), weights, 1000 + s) for s in range(SEEDS)]
    W1 = np.hstack([n[0] for n in nets]) / sd[:, None]
    b1 = np.concatenate([n[1] for n in nets]) - mu @ W1
    W2 = np.vstack([n[2] for n in nets]) / SEEDS
    b2 = np.mean([n[3] for n in nets], 0)
    return W1, b1, W2, b2
