"""A local Hugging Face causal language model by path, with an optional peft LoRA adapter.

Chats are rendered with the tokenizer's chat template (a plain one when it has none), so that
training and inference see the same text; inputs longer than the cap lose their middle.
Batches are left-padded and decoded greedily. Nothing is downloaded.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from memrevise.writer.llm.backends import (
    MAX_INPUT_TOKENS,
    MAX_OUTPUT_TOKENS,
    BackendError,
    Messages,
)


def prompt_text(tokenizer: Any, messages: Messages) -> str:
    """The chat as the model reads it, ending where its reply begins.

    A template that refuses a system message gets it merged into the first user message; a
    tokenizer without a template gets plain ``### System / ### User / ### Assistant`` blocks.
    """
    if getattr(tokenizer, "chat_template", None):
        from jinja2 import TemplateError

        try:
            return tokenizer.apply_chat_template(
                messages, tokenize=False, add_generation_prompt=True
            )
        except TemplateError:
            return tokenizer.apply_chat_template(
                _merge_system(messages), tokenize=False, add_generation_prompt=True
            )
    blocks = [f"### {m['role'].capitalize()}\n{m['content']}\n\n" for m in messages]
    return (tokenizer.bos_token or "") + "".join(blocks) + "### Assistant\n"


def _merge_system(messages: Messages) -> Messages:
    system = "\n\n".join(m["content"] for m in messages if m["role"] == "system")
    rest = [dict(m) for m in messages if m["role"] != "system"]
    if system and rest:
        rest[0]["content"] = f"{system}\n\n{rest[0]['content']}"
    return rest


def prompt_ids(tokenizer: Any, messages: Messages, limit: int = MAX_INPUT_TOKENS) -> list[int]:
    """The prompt's token ids, capped at ``limit`` by :func:`cap`."""
    ids = tokenizer(prompt_text(tokenizer, messages), add_special_tokens=False)["input_ids"]
    return cap(ids, limit)


def cap(ids: list[int], limit: int) -> list[int]:
    """At most ``limit`` ids: the first quarter (the instructions) and the end (the latest
    memory and the turn) are kept, the middle goes."""
    if len(ids) <= limit:
        return ids
    head = limit // 4
    return ids[:head] + ids[len(ids) - (limit - head) :]


def load_tokenizer(path: Path) -> Any:
    """The tokenizer saved with a local model, with a padding token."""
    from transformers import AutoTokenizer

    _exists(path, "model")
    tokenizer = AutoTokenizer.from_pretrained(path, local_files_only=True)
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    return tokenizer


def load_model(path: Path, adapter: Path | None = None, trainable: bool = False) -> Any:
    """A local causal LM on the GPU when there is one (bfloat16 where supported), else on
    the CPU in float32; with the LoRA ``adapter`` applied when given."""
    import torch
    from transformers import AutoModelForCausalLM

    _exists(path, "model")
    cuda = torch.cuda.is_available()
    dtype = torch.bfloat16 if cuda and torch.cuda.is_bf16_supported() else torch.float32
    model = AutoModelForCausalLM.from_pretrained(path, dtype=dtype, local_files_only=True)
    if adapter is not None:
        from peft import PeftModel

        _exists(adapter, "adapter")
        model = PeftModel.from_pretrained(model, adapter, is_trainable=trainable)
    return model.to("cuda" if cuda else "cpu")


def _exists(path: Path, what: str) -> None:
    if not Path(path).is_dir():
        raise ValueError(f"no {what} directory at {path}")


class HFBackend:
    """Greedy completions from a local model, ``batch_size`` chats per forward pass."""

    def __init__(
        self,
        path: Path,
        adapter: Path | None = None,
        *,
        batch_size: int = 8,
        max_input_tokens: int = MAX_INPUT_TOKENS,
    ):
        self.tokenizer = load_tokenizer(path)
        self.model = load_model(path, adapter).eval()
        self.batch_size = batch_size
        self.max_input_tokens = max_input_tokens

    def complete(
        self,
        batch: Sequence[Messages],
        schema: dict[str, Any] | None,
        max_tokens: int = MAX_OUTPUT_TOKENS,
    ) -> list[str | BackendError]:
        replies: list[str | BackendError] = []
        for start in range(0, len(batch), self.batch_size):
            chunk = batch[start : start + self.batch_size]
            try:
                replies.extend(self._generate(chunk, max_tokens))
            except (RuntimeError, ValueError) as error:  # out of memory, a bad input, ...
                replies.extend(BackendError(f"generation failed: {error}") for _ in chunk)
        return replies

    def _generate(self, chunk: Sequence[Messages], max_tokens: int) -> list[str]:
        import torch

        tokenizer = self.tokenizer
        prompts = [prompt_ids(tokenizer, messages, self.max_input_tokens) for messages in chunk]
        width = max(len(ids) for ids in prompts)
        pad = tokenizer.pad_token_id
        input_ids = torch.tensor([[pad] * (width - len(ids)) + ids for ids in prompts])
        mask = torch.tensor([[0] * (width - len(ids)) + [1] * len(ids) for ids in prompts])
        device = self.model.device
        with torch.inference_mode():
            generated = self.model.generate(
                input_ids=input_ids.to(device),
                attention_mask=mask.to(device),
                max_new_tokens=max_tokens,
                do_sample=False,
                pad_token_id=pad,
            )
        return tokenizer.batch_decode(generated[:, width:], skip_special_tokens=True)
