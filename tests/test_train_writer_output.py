"""`memrevise train writer` saves where it is told, else in the working directory, and never
over the model shipped inside the package."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from memrevise.cli import app
from memrevise.train.writer import output_directory
from memrevise.writer.learned import DEFAULT_MODEL

TOPIOCQA = Path(__file__).parent / "data" / "sources" / "topiocqa.json.gz"


def shipped() -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(DEFAULT_MODEL.iterdir())}


def test_without_out_the_models_go_to_writer_model_in_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert output_directory(None) == tmp_path / "writer-model"
    assert output_directory(Path("mine")) == tmp_path / "mine"


@pytest.mark.parametrize("inside", [DEFAULT_MODEL, DEFAULT_MODEL.parent, DEFAULT_MODEL / "new"])
def test_the_installed_package_is_refused(inside):
    with pytest.raises(ValueError, match="inside the installed package"):
        output_directory(inside)


def test_the_command_refuses_the_shipped_model_before_reading_anything():
    before = shipped()
    result = CliRunner().invoke(
        app, ["train", "writer", "--topiocqa", str(TOPIOCQA), "--out", str(DEFAULT_MODEL)]
    )
    assert result.exit_code == 2
    assert "inside the installed package" in result.output
    assert shipped() == before
