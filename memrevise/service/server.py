"""``memrevise serve``: build the engine, open the store, run the app under uvicorn."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI

from memrevise.data import demo_collection, demo_conversation
from memrevise.retrieval import BM25Index, load_index, read_collection
from memrevise.search import MemRevise
from memrevise.service.app import create_app
from memrevise.service.limits import Limits
from memrevise.service.schemas import DemoConversation
from memrevise.service.store import open_store
from memrevise.writer import make_writer


def build_app(index_dir: Path | None, db: str | Path, writer: str, limits: Limits) -> FastAPI:
    """The app over the index in ``index_dir``, of any backend (the built-in demo index and
    conversation when None) with sessions in ``db``: a SQLite file or a PostgreSQL URL."""
    if index_dir is None:
        index = BM25Index.build(read_collection(demo_collection()))
        demo = DemoConversation.model_validate(demo_conversation())
    else:
        index = load_index(index_dir)
        demo = None
    engine = MemRevise(index, make_writer(writer, index))
    return create_app(engine, open_store(db), limits, demo)


def serve(
    index_dir: Path | None, host: str, port: int, db: str | Path, writer: str, limits: Limits
) -> None:
    """Serve until interrupted."""
    import uvicorn

    uvicorn.run(build_app(index_dir, db, writer, limits), host=host, port=port, log_level="info")
