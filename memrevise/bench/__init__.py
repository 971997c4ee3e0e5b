"""The ConvRevise benchmark: items, source loaders and tier builders."""

from memrevise.bench.items import TIERS, HistoryTurn, Item, ItemsError, read_items, write_items

__all__ = ["TIERS", "HistoryTurn", "Item", "ItemsError", "read_items", "write_items"]
