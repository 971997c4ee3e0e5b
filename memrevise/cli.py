"""The ``memrevise`` command line (see the contract for the commands and their options).

Each command imports what it runs when it runs: ``memrevise index`` starts without the
writers, the search and the benchmark's models."""

from __future__ import annotations

import functools
import itertools
import os
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from memrevise.choices import BACKENDS, DEFAULT_WRITER, LLM_METHODS, METHODS, WRITERS
from memrevise.errors import UntitledWarning
from memrevise.jsonl import count_lines
from memrevise.progress import shown, stage, track
from memrevise.workers import available_cores

if TYPE_CHECKING:
    from memrevise.train.meant import Group

app = typer.Typer(
    help="Conversational search with a memory that later turns can revise.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
LLM_HELP = "The model: an OpenAI-compatible server URL, a model directory or a .gguf file."
BACKEND_HELP = f"Retriever: {', '.join(BACKENDS)}."
MODEL_HELP = "Local model directory (dense: all-MiniLM-L6-v2 by default; colbert: required)."
out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)  # one line an error, never wrapped
T = TypeVar("T")


def _fails_cleanly(command: Callable[..., T]) -> Callable[..., T]:
    """Known errors go to stderr as one line and exit with status 2, never as a traceback."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> T:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("always", UntitledWarning)
                warnings.showwarning = _show_warning
                return command(*args, **kwargs)
        except (ValueError, OSError, ImportError) as error:  # bad JSONL, index, turn: ValueErrors
            err.print(f"error: {error}", markup=False)
            raise typer.Exit(2) from None

    return wrapper


_show_other_warning = warnings.showwarning


def _show_warning(message: Warning | str, category: type[Warning], *args: Any) -> None:
    """A warning about the input as one line on stderr; others as Python shows them."""
    if issubclass(category, UntitledWarning):
        err.print(f"warning: {message}", markup=False)
    else:
        _show_other_warning(message, category, *args)


@app.command()
@_fails_cleanly
def demo(
    k: Annotated[int, typer.Option(help="Passages shown per turn.")] = 3,
    backend: Annotated[str, typer.Option(help=BACKEND_HELP)] = "bm25",
    model: Annotated[Path | None, typer.Option(help=MODEL_HELP)] = None,
) -> None:
    """Replay the built-in Apollo 11 conversation over the built-in collection."""
    from memrevise.console import print_demo_turn
    from memrevise.data import demo_collection, demo_conversation
    from memrevise.retrieval import build_index, read_collection
    from memrevise.search import MemRevise
    from memrevise.writer import make_writer

    index = build_index(read_collection(demo_collection()), backend, model)
    engine = MemRevise(index, make_writer(DEFAULT_WRITER, index))
    conversation = demo_conversation()
    out.print(f"[bold]{escape(conversation['title'])}[/]", markup=True)
    out.print(f"{index.num_docs} passages on {len(set(index.titles))} pages\n")
    session = engine.session()
    for number, turn in enumerate(conversation["turns"], 1):
        print_demo_turn(session, number, turn["question"], turn["answer"], k, out)


@app.command()
@_fails_cleanly
def index(
    collection: Annotated[Path, typer.Option(help="Collection JSONL (id, title, text).")],
    out_dir: Annotated[Path, typer.Option("--out", help="Directory for the index.")],
    backend: Annotated[str, typer.Option(help=BACKEND_HELP)] = "bm25",
    model: Annotated[Path | None, typer.Option(help=MODEL_HELP)] = None,
    approximate: Annotated[
        bool | None,
        typer.Option(
            "--approximate/--exact",
            help="Dense and ColBERT search: approximate (HNSW, PLAID) or exact (default: by size).",
        ),
    ] = None,
) -> None:
    """Build and save an index of a collection."""
    from memrevise.retrieval import build_index, iter_collection

    with shown(err):
        lines = count_lines(collection)
        passages = track(iter_collection(collection), "reading passages", lines)
        built = build_index(  # BM25 indexes the passages as they are read
            passages, backend, model, approximate=approximate, show_progress=err.is_terminal
        )
        stage("saving")
        built.save(out_dir)
    err.print(f"indexed {built.num_docs} passages into {out_dir}", markup=False)


@app.command()
@_fails_cleanly
def run(
    index_dir: Annotated[Path, typer.Option("--index", help="Index directory.")],
    items_path: Annotated[Path, typer.Option("--items", help="Benchmark items JSONL.")],
    method: Annotated[str, typer.Option(help=f"One of: {', '.join(METHODS + LLM_METHODS)}.")],
    run_path: Annotated[Path, typer.Option("--run", help="TREC run file to write.")],
    trace: Annotated[Path | None, typer.Option(help="Trace JSONL to write.")] = None,
    writer: Annotated[str, typer.Option(help=f"One of: {', '.join(WRITERS)}.")] = DEFAULT_WRITER,
    writer_model: Annotated[
        Path | None,
        typer.Option(help="The learned writer's model directory (train writer; default: shipped)."),
    ] = None,
    k: Annotated[int, typer.Option(help="Passages per question.")] = 100,
    tag: Annotated[str | None, typer.Option(help="Run tag (default: the method).")] = None,
    template: Annotated[bool, typer.Option(help="Fuse the template query.")] = True,
    writer_query: Annotated[bool, typer.Option(help="Fuse the writer's query.")] = True,
    title_prior: Annotated[bool, typer.Option(help="Raise the final topic's page.")] = True,
    facts_vote: Annotated[bool, typer.Option(help="Raise the page the facts support.")] = True,
    number_rule: Annotated[bool, typer.Option(help="Apply the number rule.")] = True,
    exclusion: Annotated[bool, typer.Option(help="Lower a rejected same-name page.")] = True,
    dropped_below: Annotated[
        bool, typer.Option(help="Keep dropped topics' passages below the topic's.")
    ] = True,
    topic_repair: Annotated[bool, typer.Option(help="Repair topics against the corpus.")] = True,
    horizon: Annotated[int | None, typer.Option(help="Memory horizon in turns.")] = None,
    pooled_facts: Annotated[bool, typer.Option(help="OR-QuAC's pooled facts vote.")] = False,
    workers: Annotated[int, typer.Option(help="Processes (0: one a core).")] = 0,
    ray: Annotated[
        str | None,
        typer.Option(help="Spread conversations over a Ray cluster: 'auto' or its address."),
    ] = None,
    llm: Annotated[str | None, typer.Option(help=LLM_HELP)] = None,
    llm_model: Annotated[str | None, typer.Option(help="The server's model name.")] = None,
    llm_adapter: Annotated[Path | None, typer.Option(help="LoRA adapter directory.")] = None,
    llm_batch: Annotated[int, typer.Option(help="Conversations per model call.")] = 8,
    shared_prefixes: Annotated[
        bool,
        typer.Option(help="Write history turns that items share once (same rankings)."),
    ] = True,
) -> None:
    """Rank passages for every item with a method; write a TREC run (and a trace).

    The llm writer and the memory-free-llm method call the model named by --llm (else
    $MEMREVISE_LLM_BASE_URL), batching a turn of --llm-batch conversations per call."""
    from memrevise.bench.items import ItemsError, read_items
    from memrevise.methods import MethodSpec, check_tag, rank_items, write_run
    from memrevise.search import SearchConfig
    from memrevise.writer.llm.config import LLMConfig

    config = SearchConfig(
        template=template,
        writer_query=writer_query,
        title_prior=title_prior,
        facts_vote=facts_vote,
        number_rule=number_rule,
        exclusion=exclusion,
        dropped_below=dropped_below,
        topic_repair=topic_repair,
        horizon=horizon,
        pooled_facts=pooled_facts,
    )
    tag = check_tag(tag or method)
    items = read_items(items_path)
    if not items:  # an empty run would replace the one there
        raise ItemsError(items_path, 0, "no items to rank")
    uses_llm = writer == "llm" or method == "memory-free-llm"
    model = LLMConfig.of(llm, llm_model, llm_adapter, llm_batch) if uses_llm else None
    spec = MethodSpec(
        index_dir, method, writer, config, model, writer_model, shared_prefixes, trace is not None
    )
    if ray is not None:
        from memrevise.distributed import rank_on_ray

        rankings = rank_on_ray(spec, items, k, ray, workers or None)
    else:
        rankings = rank_items(spec, items, k, workers or available_cores())
    with shown(err):
        write_run(track(rankings, method, len(items)), run_path, tag, trace)
    err.print(f"wrote {len(items)} rankings to {run_path}", markup=False)


@app.command()
@_fails_cleanly
def evaluate(
    runs: Annotated[list[Path], typer.Argument(help="TREC runs; the first is the reference.")],
    items_path: Annotated[Path, typer.Option("--items", help="Benchmark items JSONL.")],
    report: Annotated[Path | None, typer.Option(help="Markdown report (plots beside it).")] = None,
    name: Annotated[
        list[str] | None,
        typer.Option("--name", help="A run's name, once per run (default: its tag)."),
    ] = None,
    resamples: Annotated[int, typer.Option(help="Bootstrap resamples.")] = 1000,
    seed: Annotated[int, typer.Option(help="Bootstrap seed.")] = 0,
) -> None:
    """MRR@10, NDCG@3, R@10, R@100 and stale-above-gold per dataset and tier, with paired
    bootstrap intervals of each run against the first."""
    from memrevise.bench.items import read_items
    from memrevise.evaluate import evaluate as run_evaluation
    from memrevise.evaluate import load_runs, summary

    result = run_evaluation(
        read_items(items_path), load_runs(runs, name), report, resamples=resamples, seed=seed
    )
    out.print(summary(result), markup=False)
    if report is not None:
        err.print(f"wrote {report}", markup=False)


bench_app = typer.Typer(help="Build the ConvRevise benchmark.", no_args_is_help=True)
app.add_typer(bench_app, name="bench")


@bench_app.command("build")
@_fails_cleanly
def bench_build(
    topiocqa: Annotated[Path, typer.Option(help="TopiOCQA training file (.json or .json.gz).")],
    out_dir: Annotated[Path, typer.Option("--out", help="Output directory.")],
    seed: Annotated[int, typer.Option(help="Seed for splits and wordings.")] = 0,
) -> None:
    """Collection, the six tiers with oracle target memories, and train/dev/test splits."""
    from memrevise.bench.build import build_benchmark

    with shown(err):
        manifest = build_benchmark(topiocqa, out_dir, seed, progress=stage)
    out.print(manifest.to_json(), markup=False)


train_app = typer.Typer(
    help="Train the learned writer; distil the LLM writer.", no_args_is_help=True
)
app.add_typer(train_app, name="train")


# The hand-written sets a training command leaves out, by folder name.
ExcludedSets = Annotated[
    list[str] | None, typer.Option(help="A set's folder name to leave out (repeatable).")
]


@train_app.command("writer")
@_fails_cleanly
def train_writer_command(
    topiocqa: Annotated[Path, typer.Option(help="TopiOCQA training file (.json or .json.gz).")],
    out_path: Annotated[
        Path | None,
        typer.Option("--out", help="Directory for the models (default: ./writer-model)."),
    ] = None,
    seed: Annotated[int, typer.Option(help="The benchmark's split seed.")] = 0,
    data: Annotated[
        Path | None,
        typer.Option(
            help="A folder of hand-written sets: its follow-up sets train the rankers too."
        ),
    ] = None,
    exclude: ExcludedSets = None,
) -> None:
    """Train the learned writer's switch and topic models on the benchmark's training
    conversations (and the hand-written follow-up sets under --data, where given)."""
    from memrevise.train.writer import output_directory, train_writer

    out_path = output_directory(out_path)
    with shown(err):
        result = train_writer(
            topiocqa, out_path, seed, progress=stage, data=data, exclude=exclude or ()
        )
    answered, unanswered = result.dev_accuracy
    out.print(
        f"saved {out_path}: trained on {result.train_groups} groups; top-1 on development "
        f"groups {answered:.3f} with the answer, {unanswered:.3f} without; "
        f"gold topic among candidates {result.coverage:.3f}",
        markup=False,
    )


@train_app.command("corrections")
@_fails_cleanly
def train_corrections_command(
    data: Annotated[
        Path, typer.Option(help="A folder of hand-written sets (items.jsonl, conversations.jsonl).")
    ],
    out_path: Annotated[Path, typer.Option("--out", help="The correction model's JSON file.")],
    topiocqa: Annotated[
        Path | None,
        typer.Option(help="TopiOCQA training file: its training turns correct nothing."),
    ] = None,
    exclude: ExcludedSets = None,
    seed: Annotated[int, typer.Option(help="The benchmark's split seed.")] = 0,
) -> None:
    """Train the correction model: which turns correct the last answer, from hand-written
    revision and follow-up sets (and TopiOCQA's training conversations, where given)."""
    from memrevise.bench.sources import load_topiocqa
    from memrevise.train.corrections import (
        conversation_examples,
        handwritten_examples,
        train_correction_model,
    )
    from memrevise.train.writer import output_directory, split

    target = output_directory(out_path.parent) / out_path.name
    examples = list(handwritten_examples(data, exclude or ()))
    if topiocqa is not None:
        examples += conversation_examples(split(load_topiocqa(topiocqa), seed)["train"])
    with shown(err):
        stage("train the correction model")
        model = train_correction_model(examples)
    target.parent.mkdir(parents=True, exist_ok=True)
    model.save(target)
    corrections = sum(label for _, label in examples)
    out.print(
        f"saved {target}: trained on {len(examples)} turns, {corrections} of them corrections",
        markup=False,
    )


@train_app.command("meant")
@_fails_cleanly
def train_meant_command(
    data: Annotated[Path, typer.Option(help="A folder of hand-written revision sets.")],
    out_path: Annotated[Path, typer.Option("--out", help="The meant model's JSON file.")],
    exclude: ExcludedSets = None,
) -> None:
    """Train the meant model: which page a correction means among the pages in play, from
    hand-written revision sets read by the shipped writer."""
    from memrevise.train.meant import handwritten_groups

    _train_candidate_model(
        "meant", "revision", "corrections", handwritten_groups(data, exclude or ()), out_path
    )


@train_app.command("named")
@_fails_cleanly
def train_named_command(
    data: Annotated[Path, typer.Option(help="A folder of hand-written follow-up sets.")],
    out_path: Annotated[Path, typer.Option("--out", help="The named model's JSON file.")],
    exclude: ExcludedSets = None,
    topiocqa: Annotated[
        Path | None, typer.Option(help="TopiOCQA training file: its training conversations too.")
    ] = None,
    conversations: Annotated[
        int, typer.Option(help="How many TopiOCQA training conversations (--topiocqa).")
    ] = 1000,
    seed: Annotated[int, typer.Option(help="The benchmark's split seed.")] = 0,
) -> None:
    """Train the named model: which page a turn that names something means among the pages
    in play, from hand-written follow-up sets (and TopiOCQA's training conversations, where
    given) read by the shipped writer."""
    from memrevise.train.named import handwritten_groups, topiocqa_groups

    groups = handwritten_groups(data, exclude or ())
    if topiocqa is not None:
        groups = itertools.chain(groups, topiocqa_groups(topiocqa, conversations, seed))
    _train_candidate_model("named", "follow-up", "turns", groups, out_path)


def _train_candidate_model(
    model: str, sets: str, turns: str, groups: Iterable[Group], out_path: Path
) -> None:
    """Read the ``sets`` sets into ``groups`` of candidates (one for each of the ``turns``
    asked about), train the ``model`` model on them and save it to ``out_path``."""
    from memrevise.train.writer import output_directory
    from memrevise.writer.meant import MeantModel

    target = output_directory(out_path.parent) / out_path.name
    with shown(err):
        stage(f"read the {sets} sets")
        read = list(groups)
        stage(f"train the {model} model")
        trained = MeantModel.fit(read)
    target.parent.mkdir(parents=True, exist_ok=True)
    trained.save(target)
    candidates = sum(len(candidates) for candidates, _ in read)
    out.print(
        f"saved {target}: trained on {len(read)} {turns}, {candidates} candidates", markup=False
    )


@train_app.command("annotate")
@_fails_cleanly
def train_annotate(
    items_path: Annotated[Path, typer.Option("--items", help="Training items JSONL.")],
    out_path: Annotated[Path, typer.Option("--out", help="Annotations JSONL (resumed).")],
    teacher: Annotated[
        str, typer.Option(help="'oracle' (the items' oracle targets) or a model: " + LLM_HELP)
    ] = "oracle",
    teacher_model: Annotated[str | None, typer.Option(help="The server's model name.")] = None,
    checker: Annotated[
        str | None, typer.Option(help="A model that checks and corrects each node.")
    ] = None,
    checker_model: Annotated[str | None, typer.Option(help="The checker's model name.")] = None,
    batch: Annotated[int, typer.Option(help="Conversations per model call.")] = 8,
    ray: Annotated[
        str | None,
        typer.Option(help="Spread conversations over a Ray cluster: 'auto' or its address."),
    ] = None,
) -> None:
    """Teacher memories: the target node of every turn of every item, one (input, target)
    pair a line. A rerun keeps what was written and goes on. With --ray, every Ray actor
    builds the teacher once and conversations are written as their batches finish."""
    from memrevise.bench.items import read_items
    from memrevise.distributed import RayTeacher
    from memrevise.train.annotate import TeacherSpec, annotate

    items = read_items(items_path)
    spec = TeacherSpec(teacher, teacher_model, checker, checker_model, batch)
    chosen = RayTeacher(spec, ray) if ray else spec.build()
    with shown(err):
        result = annotate(items, out_path, chosen, lambda it, n: track(it, "annotate", n))
    sources = ", ".join(f"{name} {count}" for name, count in sorted(result.sources.items()))
    out.print(
        f"annotated {result.annotated} conversations into {out_path} ({result.skipped} already "
        f"there); turns by source: {sources or 'none'}",
        markup=False,
    )


@train_app.command("data")
@_fails_cleanly
def train_data(
    annotations: Annotated[Path, typer.Option(help="Annotations JSONL (train annotate).")],
    out_dir: Annotated[Path, typer.Option("--out", help="Directory for train/dev JSONL.")],
    index_dir: Annotated[
        Path | None, typer.Option("--index", help="The collection's index (auxiliary writer).")
    ] = None,
    auxiliary: Annotated[
        str, typer.Option(help="Auxiliary writer: learned, rules or none.")
    ] = DEFAULT_WRITER,
    holdout: Annotated[float, typer.Option(help="Share of conversations held out.")] = 0.05,
    seed: Annotated[int, typer.Option(help="Seed of the held-out split.")] = 0,
) -> None:
    """The LLM writer's training examples: history and final turns, answer-removed copies,
    and copies on an auxiliary writer's memories."""
    from memrevise.retrieval import load_index
    from memrevise.search import MemRevise
    from memrevise.train.distill import read_annotations, writer_data
    from memrevise.writer import make_writer

    engine = None
    if auxiliary != "none":
        if auxiliary == "llm" or index_dir is None:
            raise ValueError("--auxiliary learned or rules needs --index, else use none")
        loaded = load_index(index_dir)
        engine = MemRevise(loaded, make_writer(auxiliary, loaded))
    data = writer_data(read_annotations(annotations), engine, holdout, seed)
    data.write(out_dir)
    out.print(
        f"wrote {len(data.train)} training and {len(data.dev)} held-out examples to {out_dir}"
    )


@train_app.command("memory-free")
@_fails_cleanly
def train_memory_free(
    annotations: Annotated[Path, typer.Option(help="Annotations JSONL (train annotate).")],
    out_dir: Annotated[Path, typer.Option("--out", help="Directory for train/dev JSONL.")],
    holdout: Annotated[float, typer.Option(help="Share of conversations held out.")] = 0.05,
    seed: Annotated[int, typer.Option(help="Seed of the held-out split.")] = 0,
) -> None:
    """The memory-free writer's examples: the raw conversation and the final-turn query."""
    from memrevise.train.distill import memory_free_data, read_annotations

    data = memory_free_data(read_annotations(annotations), holdout, seed)
    data.write(out_dir)
    out.print(
        f"wrote {len(data.train)} training and {len(data.dev)} held-out examples to {out_dir}"
    )


@train_app.command("lora")
@_fails_cleanly
def train_lora_command(
    data: Annotated[Path, typer.Option(help="Directory of train data or train memory-free.")],
    base: Annotated[Path, typer.Option(help="Local base model directory.")],
    out_dir: Annotated[Path, typer.Option("--out", help="Output directory (resumed).")],
    epochs: Annotated[float, typer.Option(help="Epochs.")] = 3.0,
    learning_rate: Annotated[float, typer.Option(help="Learning rate.")] = 5e-5,
    batch: Annotated[int, typer.Option(help="Effective batch.")] = 12,
    micro_batch: Annotated[int, typer.Option(help="Examples per forward pass.")] = 2,
    eval_steps: Annotated[
        int | None, typer.Option(help="Evaluate every N steps (default: each epoch).")
    ] = None,
    max_steps: Annotated[int, typer.Option(help="Stop after N steps (-1: no limit).")] = -1,
    seed: Annotated[int, typer.Option(help="Seed.")] = 0,
    target_modules: Annotated[
        str | None, typer.Option(help="Comma-separated modules (default: attention).")
    ] = None,
) -> None:
    """A LoRA adapter (rank 16, alpha 32, dropout 0.05 on the attention projections), the
    checkpoint chosen by the held-out loss; writes OUT/adapter, OUT/loss.png and
    OUT/training.json."""
    from memrevise.train.lora import Recipe, train_lora

    modules = tuple(m.strip() for m in (target_modules or "").split(",") if m.strip())
    recipe = Recipe(
        epochs=epochs,
        learning_rate=learning_rate,
        batch=batch,
        micro_batch=micro_batch,
        eval_steps=eval_steps,
        max_steps=max_steps,
        seed=seed,
        target_modules=modules,
    )
    trained = train_lora(data, base, out_dir, recipe)
    loss = f"{trained.eval_loss:.4f}" if trained.eval_loss is not None else "n/a"
    out.print(
        f"saved {trained.adapter} after {trained.steps} steps (best held-out loss {loss}, "
        f"{trained.checkpoint}); loss curve {trained.plot}",
        markup=False,
    )


@app.command()
@_fails_cleanly
def chat(
    index_dir: Annotated[Path | None, typer.Option("--index", help="Index directory.")] = None,
    k: Annotated[int, typer.Option(help="Passages shown per turn.")] = 3,
) -> None:
    """Search in conversation over an index (the demo collection by default).

    Type a question per line; ':help' lists the commands (':memory', ':why', ':answer TEXT',
    ':reset', ':quit'). The top passage counts as the answer you saw unless ':answer' gives it.
    """
    from memrevise.chat import Chat, run_chat
    from memrevise.data import demo_collection
    from memrevise.retrieval import build_index, load_index, read_collection
    from memrevise.search import MemRevise
    from memrevise.writer import make_writer

    loaded = load_index(index_dir) if index_dir else build_index(read_collection(demo_collection()))
    engine = MemRevise(loaded, make_writer(DEFAULT_WRITER, loaded))
    run_chat(Chat(engine, k, out, err), str(index_dir) if index_dir else "the demo collection")


@app.command()
@_fails_cleanly
def serve(
    index_dir: Annotated[
        Path | None, typer.Option("--index", help="Index directory (default: the demo one).")
    ] = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str, typer.Option(help="The sessions' SQLite file, or a PostgreSQL URL (postgresql://...).")
    ] = "memrevise-sessions.sqlite3",
    writer: Annotated[str, typer.Option(help=f"One of: {', '.join(WRITERS)}.")] = DEFAULT_WRITER,
    timeout: Annotated[float, typer.Option(help="Seconds a turn may take.")] = 30.0,
) -> None:
    """The HTTP service and its web page, over an index (the demo collection by default)."""
    try:
        from memrevise.service.limits import Limits
        from memrevise.service.server import serve as run_server
    except ImportError as error:
        raise ImportError(f"serve needs the service extra (memrevise[service]): {error}") from None
    from memrevise.writer.llm.server import ENV_MODEL, ENV_URL

    if writer == "llm" and not os.environ.get(ENV_URL):
        raise ValueError(
            f"serve --writer llm takes its model from the environment: set ${ENV_URL} to an "
            f"OpenAI-compatible server's URL (and ${ENV_MODEL} to its model name if it serves "
            "several)"
        )
    run_server(index_dir, host, port, db, writer, Limits(turn_seconds=timeout))


def main() -> None:  # pragma: no cover - the console script
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
