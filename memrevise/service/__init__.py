"""The HTTP service and its web page (``memrevise serve``); needs the ``service`` extra."""

from memrevise.service.app import create_app
from memrevise.service.limits import Limits
from memrevise.service.store import SessionStore, SQLiteStore, StoredTurn, open_store

__all__ = ["Limits", "SQLiteStore", "SessionStore", "StoredTurn", "create_app", "open_store"]
