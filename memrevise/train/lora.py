"""``memrevise train lora``: a LoRA adapter on a local base model, trained on the examples of
``memrevise train data`` (or ``memrevise train memory-free``), with transformers and peft.

The paper's recipe by default: rank 16, alpha 32, dropout 0.05 on the attention projections,
3 epochs, learning rate 5e-5, an effective batch of 12 (micro-batches with gradient
accumulation, on one device). The loss covers the reply's tokens only. The held-out loss
scores the fields written before the query, and the checkpoint with the lowest one is kept
as the adapter. Checkpoints are saved at each evaluation; a rerun resumes from the last.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from memrevise.train.distill import Example, read_examples
from memrevise.writer.llm.backends import MAX_INPUT_TOKENS
from memrevise.writer.llm.hf import load_model, load_tokenizer, prompt_ids

IGNORE = -100
ATTENTION = (
    ("q_proj", "k_proj", "v_proj", "o_proj"),  # Llama, Mistral, Ministral, Qwen, Gemma, Phi-3
    ("qkv_proj", "o_proj"),
    ("query_key_value", "dense"),  # GPT-NeoX, Falcon
    ("Wqkv", "out_proj"),  # MPT
    ("c_attn",),  # GPT-2
)


@dataclass(frozen=True)
class Recipe:
    """LoRA and optimisation settings (the paper's by default). ``eval_steps`` evaluates and
    saves every so many optimiser steps instead of each epoch; ``max_steps`` stops early
    (for a trial run); ``target_modules`` overrides the detected attention projections."""

    rank: int = 16
    alpha: int = 32
    dropout: float = 0.05
    epochs: float = 3.0
    learning_rate: float = 5e-5
    batch: int = 12
    micro_batch: int = 2
    eval_steps: int | None = None
    max_steps: int = -1
    seed: int = 0
    target_modules: tuple[str, ...] = ()
    max_input_tokens: int = MAX_INPUT_TOKENS

    def __post_init__(self) -> None:
        if self.micro_batch < 1 or self.batch % self.micro_batch:
            raise ValueError(
                f"the batch ({self.batch}) must be a multiple of the micro-batch "
                f"({self.micro_batch})"
            )


def attention_modules(model: Any) -> list[str]:
    """The names of the model's attention projections, for LoRA."""
    leaves = {name.rsplit(".", 1)[-1] for name, _ in model.named_modules()}
    for family in ATTENTION:
        if all(name in leaves for name in family):
            return list(family)
    looked = ", ".join("/".join(f) for f in ATTENTION)
    raise ValueError(f"no attention projections found (looked for {looked}); name them")


def encode(tokenizer: Any, example: Example, scored_only: bool, limit: int) -> dict[str, list]:
    """Token ids of the chat and reply, with labels on the reply only (on its scored part
    only when ``scored_only``)."""
    if tokenizer.eos_token_id is None:
        raise ValueError("the tokenizer has no end-of-sequence token")
    prompt = prompt_ids(tokenizer, example.messages, limit)
    reply = tokenizer(example.target, add_special_tokens=False)["input_ids"]
    reply = [*reply, tokenizer.eos_token_id]
    labels = list(reply)
    if scored_only and example.scored < len(example.target):
        head = tokenizer(example.target[: example.scored], add_special_tokens=False)
        kept = len(head["input_ids"])
        labels = reply[:kept] + [IGNORE] * (len(reply) - kept)
    return {"input_ids": prompt + reply, "labels": [IGNORE] * len(prompt) + labels}


@dataclass(frozen=True)
class Collator:
    """Right-padded batches of encoded examples."""

    pad_id: int

    def __call__(self, features: Sequence[dict[str, list]]) -> dict[str, Any]:
        import torch

        width = max(len(f["input_ids"]) for f in features)

        def padded(key: str, value: int) -> Any:
            return torch.tensor([f[key] + [value] * (width - len(f[key])) for f in features])

        mask = [[1] * len(f["input_ids"]) + [0] * (width - len(f["input_ids"])) for f in features]
        return {
            "input_ids": padded("input_ids", self.pad_id),
            "labels": padded("labels", IGNORE),
            "attention_mask": torch.tensor(mask),
        }


@dataclass(frozen=True)
class Trained:
    """Where the adapter went, the checkpoint it came from and its held-out loss."""

    adapter: Path
    checkpoint: str | None
    eval_loss: float | None
    steps: int
    plot: Path


def train_lora(
    data: Path, base: Path, out: Path, recipe: Recipe = Recipe(), progress: bool = True
) -> Trained:
    """Train on ``data``/train.jsonl, choose by ``data``/dev.jsonl, write ``out``/adapter,
    ``out``/loss.png and ``out``/training.json; checkpoints go to ``out``/checkpoints."""
    import torch
    from peft import LoraConfig, get_peft_model
    from transformers import Trainer, TrainingArguments, set_seed
    from transformers.trainer_utils import get_last_checkpoint

    train_examples, dev_examples = (_examples(data / f"{s}.jsonl") for s in ("train", "dev"))
    tokenizer = load_tokenizer(base)
    set_seed(recipe.seed)
    model = load_model(base)
    targets = list(recipe.target_modules) or attention_modules(model)
    lora = LoraConfig(
        r=recipe.rank,
        lora_alpha=recipe.alpha,
        lora_dropout=recipe.dropout,
        target_modules=targets,
        task_type="CAUSAL_LM",
    )
    model = get_peft_model(model, lora)
    limit = recipe.max_input_tokens
    train_set = [encode(tokenizer, e, False, limit) for e in train_examples]
    dev_set = [encode(tokenizer, e, True, limit) for e in dev_examples]
    strategy = "steps" if recipe.eval_steps else "epoch"
    checkpoints = out / "checkpoints"
    arguments = TrainingArguments(
        output_dir=str(checkpoints),
        per_device_train_batch_size=recipe.micro_batch,
        per_device_eval_batch_size=recipe.micro_batch,
        gradient_accumulation_steps=recipe.batch // recipe.micro_batch,
        learning_rate=recipe.learning_rate,
        num_train_epochs=recipe.epochs,
        max_steps=recipe.max_steps,
        eval_strategy=strategy,
        save_strategy=strategy,
        eval_steps=recipe.eval_steps,
        save_steps=recipe.eval_steps or 500,
        load_best_model_at_end=True,
        metric_for_best_model="eval_loss",
        greater_is_better=False,
        save_total_limit=2,
        logging_steps=1,
        report_to="none",
        disable_tqdm=not (progress and sys.stderr.isatty()),
        bf16=model.dtype == torch.bfloat16,
        remove_unused_columns=False,
        dataloader_pin_memory=torch.cuda.is_available(),
        seed=recipe.seed,
    )
    trainer = Trainer(
        model=model,
        args=arguments,
        train_dataset=train_set,
        eval_dataset=dev_set,
        data_collator=Collator(tokenizer.pad_token_id),
    )
    resume = get_last_checkpoint(str(checkpoints)) if checkpoints.is_dir() else None
    trainer.train(resume_from_checkpoint=resume)
    adapter = out / "adapter"
    trainer.model.save_pretrained(adapter)
    plot = plot_losses(trainer.state.log_history, out / "loss.png")
    trained = Trained(
        adapter,
        trainer.state.best_model_checkpoint,
        trainer.state.best_metric,
        trainer.state.global_step,
        plot,
    )
    record = {
        "base": str(base),
        "data": str(data),
        "target_modules": targets,
        "recipe": asdict(recipe),
        "train_examples": len(train_set),
        "dev_examples": len(dev_set),
        "best_checkpoint": trained.checkpoint,
        "best_eval_loss": trained.eval_loss,
        "steps": trained.steps,
        "log": trainer.state.log_history,
    }
    (out / "training.json").write_text(json.dumps(record, indent=2, default=str), "utf-8")
    return trained


def _examples(path: Path) -> list[Example]:
    if not path.is_file():
        raise ValueError(f"no {path.name} in {path.parent}; write it with `memrevise train data`")
    examples = read_examples(path)
    if not examples:
        raise ValueError(f"{path}: no examples")
    return examples


def plot_losses(log: Sequence[dict[str, Any]], path: Path) -> Path:
    """The training and held-out loss per optimiser step, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    for key, label in (("loss", "training"), ("eval_loss", "held-out (before the query)")):
        points = [(entry["step"], entry[key]) for entry in log if key in entry]
        if points:
            steps, losses = zip(*points, strict=True)
            axes.plot(steps, losses, marker="o" if key == "eval_loss" else None, label=label)
    axes.set_xlabel("optimiser step")
    axes.set_ylabel("loss")
    axes.legend()
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path
