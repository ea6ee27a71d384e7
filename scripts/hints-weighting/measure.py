#!/usr/bin/env python3
"""Measures whether a learned weighting of an operation's words would find hints that the
rules of crates/core/src/hints miss, before anyone builds one. Run by hand, not in CI:

    cargo build && /tmp/venv/bin/python scripts/hints-weighting/measure.py [../shared/specs]

(/tmp/venv as scripts/search-model/requirements.txt makes it: numpy, PyYAML, torch.)

Tuning half of tests/hints/labels.yaml only: the test half is never read. For each hint, a
logistic regression over the operation's words (the name, the title, the description's first
sentence, the path's last literal segment, the method) and what review said of it (each
suggestion and the sources of its evidence) learns whether the method's hint is wrong. It
is trained ten times, each time without a tenth of the APIs, and judged on the APIs left
out. Printed: at each threshold, the statements it would add where review says nothing
(right, wrong), and what it would say alone.
"""
import collections, json, re, subprocess, sys
from pathlib import Path

import numpy as np
import torch
import yaml

ROOT = Path(__file__).resolve().parents[2]
SPECS = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT.parent / "shared" / "specs").resolve()
BINARY = ROOT / "target" / "debug" / "openapi2mcp"
HINTS = ("readOnly", "destructive", "idempotent")
FOLDS = 10
THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.9)


def api(spec):
    """The API a label belongs to, as tests/hints.rs splits them."""
    parts = spec.split("/")
    return "/".join(parts[:2]) if parts[0] == "apisguru" else parts[0]


def run(*args):
    done = subprocess.run([str(BINARY), *args], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"openapi2mcp {' '.join(args)}: exit {done.returncode}: {done.stderr.strip()}")
    return json.loads(done.stdout)["tools"]


def rows():
    """One row per tuning-half label: the converted tool's text and review's suggestions."""
    labels = yaml.safe_load((ROOT / "tests" / "hints" / "labels.yaml").read_text())
    test = set(labels["test"])
    by_spec = collections.defaultdict(list)
    for label in labels["labels"]:
        if api(label["spec"]) not in test:
            by_spec[label["spec"]].append(label)
    for spec, labelled in sorted(by_spec.items()):
        path = ROOT / spec if spec.startswith("tests/") else SPECS / spec
        tools = {}
        for tool in run("convert", "-q", str(path)):
            binding = tool["_meta"]["openapi2mcp/http"]
            tools[(binding["method"], binding["path"])] = tool
        reviews = {(t["method"], t["path"]): t for t in run("review", "--format", "json", str(path))}
        for label in labelled:
            key = (label["method"], label["path"])
            if key in tools:
                yield dict(api=api(spec), method=label["method"], path=label["path"],
                           tool=tools[key], suggestions=reviews.get(key, {}).get("suggestions", []),
                           truth={h: label.get(h) for h in HINTS})


def words(text):
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text or "")
    return re.sub(r"[^A-Za-z0-9]+", " ", text).lower().split()


def by_method(method, hint):
    """The hint the HTTP method alone gives (openapi2mcp_core::hints::Hints::infer)."""
    if hint == "readOnly":
        return method in ("GET", "HEAD", "OPTIONS", "TRACE")
    return True if hint == "destructive" else method == "PUT"


def features(row):
    tool = row["tool"]
    found = {"method:" + row["method"]}
    for field, text, cut in [("name", tool["name"], None), ("title", tool.get("title"), 8)]:
        said = words(text)
        found.update(f"{field}:{w}" for w in said[:cut])
        found.update(f"{field}0:{w}" for w in said[:1])
    # convert writes "title\n\ndescription" when there is a title, the description alone without.
    description = tool.get("description") or ""
    if tool.get("title"):
        description = description.split("\n\n", 1)[1] if "\n\n" in description else ""
    sentence = re.split(r"(?<=[.!?])\s", description)[0]
    said = words(sentence)
    found.update(f"description:{w}" for w in said[:15])
    found.update(f"description0:{w}" for w in said[:1])
    segments = [s for s in row["path"].split("/") if s]
    literals = [s for s in segments if not s.startswith("{")]
    found.update(f"segment:{w}" for w in words(literals[-1] if literals else ""))
    if segments and segments[-1].startswith("{"):
        found.add("path:ends-in-parameter")
    for suggestion in row["suggestions"]:
        found.add("said:{hint}:{value}:{confidence}".format(**suggestion))
        found.update(f"evidence:{suggestion['hint']}:{e['source']}" for e in suggestion["evidence"])
    return found


def stated(row, hint):
    """What review suggests (medium or high) of `hint`, if anything."""
    for suggestion in row["suggestions"]:
        if suggestion["hint"] == hint + "Hint" and suggestion["confidence"] in ("medium", "high"):
            return suggestion["value"]
    return None


def fit(samples, wanted):
    """A logistic regression with an L2 penalty, fitted whole-batch."""
    weights = torch.zeros(samples.shape[1], requires_grad=True)
    bias = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.LBFGS([weights, bias], max_iter=200)

    def loss():
        optimizer.zero_grad()
        logits = samples @ weights + bias
        value = torch.nn.functional.binary_cross_entropy_with_logits(logits, wanted)
        value = value + 0.01 * (weights * weights).sum()
        value.backward()
        return value

    optimizer.step(loss)
    return lambda x: torch.sigmoid(x @ weights + bias).detach().numpy()


def held_out(data, found):
    """Each row's probability that the method's hint is wrong, from a model without its API."""
    apis = sorted({r["api"] for r in data})
    fold = {a: i % FOLDS for i, a in enumerate(apis)}
    wanted = np.array([r["wrong"] for r in data], dtype=np.float32)
    chance = np.zeros(len(data))
    for k in range(FOLDS):
        train = [i for i, r in enumerate(data) if fold[r["api"]] != k]
        judged = [i for i, r in enumerate(data) if fold[r["api"]] == k]
        count = collections.Counter(f for i in train for f in found[i])
        index = {f: j for j, f in enumerate(sorted(f for f, c in count.items() if c >= 2))}

        def matrix(rows):
            m = torch.zeros(len(rows), len(index))
            for a, i in enumerate(rows):
                for f in found[i] & index.keys():
                    m[a, index[f]] = 1
            return m

        model = fit(matrix(train), torch.tensor(wanted[train]))
        chance[judged] = model(matrix(judged))
    return chance


def main():
    torch.manual_seed(0)
    every = list(rows())
    print(f"{len(every)} labelled operations of the tuning half, {len({r['api'] for r in every})} APIs")
    total = {threshold: [0, 0] for threshold in THRESHOLDS}
    for hint in HINTS:
        # Destructive and idempotent mean nothing on a read-only tool (tests/hints.rs).
        data = [dict(r, wrong=r["truth"][hint] != by_method(r["method"], hint)) for r in every
                if r["truth"][hint] is not None and (hint == "readOnly" or not r["truth"]["readOnly"])]
        chance = held_out(data, [features(r) for r in data])
        silent = [stated(r, hint) is None for r in data]
        print(f"{hint}Hint: {len(data)} operations, the method wrong on {sum(r['wrong'] for r in data)}")
        for threshold in THRESHOLDS:
            said = [(c > threshold, r["wrong"], s) for c, r, s in zip(chance, data, silent)]
            added = [w for c, w, s in said if c and s]
            alone = [w for c, w, _ in said if c]
            total[threshold][0] += sum(added)
            total[threshold][1] += len(added) - sum(added)
            print(f"  above {threshold}: where review says nothing, {sum(added)} right and "
                  f"{len(added) - sum(added)} wrong; alone, {sum(alone)} right and {len(alone) - sum(alone)} wrong")
    print("all three hints, where review says nothing:")
    for threshold, (right, wrong) in total.items():
        print(f"  above {threshold}: {right} right and {wrong} wrong")


if __name__ == "__main__":
    main()
