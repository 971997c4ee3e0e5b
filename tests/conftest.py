"""Fixtures shared by the writer's specification tests that bring their own pages: a module
that defines ``PAGES`` (title -> its passages' texts) gets a titled index of them and each
CPU writer over it."""

from __future__ import annotations

import pytest
from fixtures_writer import index_of

from memrevise.retrieval import BM25Index
from memrevise.writer import make_writer


@pytest.fixture(scope="module")
def index(request) -> BM25Index:
    """A titled index of the test module's ``PAGES``."""
    return index_of(request.module.PAGES)


@pytest.fixture(scope="module", params=["rules", "learned"])
def writer(request, index):
    """The rule writer, then the learned writer, over :func:`index`."""
    return make_writer(request.param, index)
