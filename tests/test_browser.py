"""The web page in headless Chromium (Debian's /usr/bin/chromium, driven by Playwright): the
demo conversation typed into the page with the answer box, the memory's topic cards, the
signals of each result, a re-filed turn, a reload that resumes the session, and a phone-wide
screen.

Skipped when /usr/bin/chromium is missing, unless MEMREVISE_REQUIRE_BROWSER=1 (as in CI).
Screenshots go to $MEMREVISE_ARTIFACTS, or tests/artifacts.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memrevise.data import demo_conversation
from memrevise.service.process import ServerProcess
from memrevise.writer import DEFAULT_WRITER

CHROMIUM = Path("/usr/bin/chromium")
DEMO = demo_conversation()["turns"]
WRITER = DEFAULT_WRITER
# The cards' left border colours in style.css.
COLOURS = {
    "current": "rgb(31, 122, 58)",
    "earlier": "rgb(138, 90, 0)",
    "dropped": "rgb(161, 42, 42)",
}


@pytest.fixture(scope="module")
def chromium():
    if not CHROMIUM.exists():
        if os.environ.get("MEMREVISE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"MEMREVISE_REQUIRE_BROWSER=1 but {CHROMIUM} is missing")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    directory = tmp_path_factory.mktemp("browser")
    running = ServerProcess.start(
        directory / "sessions.sqlite3", directory / "server.log", "--writer", WRITER
    )
    yield running
    running.stop()


@pytest.fixture
def page(chromium, server):
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.goto(server.url)
    yield page
    context.close()
    assert problems == []  # no script error, no blocked resource


@pytest.fixture(scope="module")
def artifacts() -> Path:
    default = Path(__file__).parent / "artifacts"
    directory = Path(os.environ.get("MEMREVISE_ARTIFACTS") or default)
    directory.mkdir(parents=True, exist_ok=True)
    return directory


def card(page, topic: str):
    return page.locator(f'#topics .card[data-topic="{topic}"]')


def assert_status(page, topic: str, status: str) -> None:
    from playwright.sync_api import expect

    expect(card(page, topic)).to_have_attribute("data-status", status)
    colour = card(page, topic).evaluate("c => getComputedStyle(c).borderLeftColor")
    assert colour == COLOURS[status]


def screenshot(page, path: Path) -> None:
    page.evaluate("window.scrollTo(0, 0)")  # the memory pane sticks to the top
    page.screenshot(path=path, full_page=True)


def ask(page, number: int, question: str, previous_answer: str | None = None) -> None:
    from playwright.sync_api import expect

    if previous_answer is not None:
        page.fill("#previous-answer", previous_answer)
    page.fill("#question", question)
    page.click("#send")
    expect(page.locator("#turns > li")).to_have_count(number)
    expect(page.locator("body")).to_have_attribute("data-busy", "false")
    expect(page.locator("#error")).to_have_text("")


def test_the_demo_conversation_typed_into_the_page(page, artifacts):
    from playwright.sync_api import expect

    expect(page.locator("#index-info")).to_contain_text("31 passages")
    expect(page.locator("#previous-answer-label")).to_be_hidden()  # no question yet
    assert "turn 0" not in page.locator("body").inner_text()
    for number, turn in enumerate(DEMO, 1):
        ask(page, number, turn["question"], DEMO[number - 2]["answer"] if number > 1 else None)
        expect(page.locator("#previous-answer-label")).to_be_visible()
        expect(page.locator("#previous-answer-caption")).to_have_text(
            f"The answer you saw for turn {number} (optional)"
        )
        if number > 1:  # what was typed in the answer box went with the question
            answered = page.locator("#turns > li").nth(number - 2).locator(".answer")
            expect(answered).to_have_text(f"Answer you saw: {DEMO[number - 2]['answer']}")
        if number == 3:  # "where did he grow up?", searched before its answer: one of the two
            current = page.locator('#topics .card[data-status="current"]')
            expect(current).to_have_count(1)
            assert current.get_attribute("data-topic") in {"Neil Armstrong", "Buzz Aldrin"}
        if number == 4:  # "no, i meant the second guy… wait, no, the first one"
            refiled = page.locator("#turns > li").nth(2)  # "where did he grow up?"
            expect(refiled.locator(".searched")).to_contain_text(
                "At the searchwriter: Reactivate(Neil Armstrong) · query: where did Neil "
                "Armstrong grow up? · topic: Neil Armstrong"
            )
            expect(refiled.locator(".after")).to_have_text(
                "After the answerre-filed: Reactivate(Buzz Aldrin)"
            )
            assert_status(page, "Buzz Aldrin", "dropped")
            assert_status(page, "Neil Armstrong", "current")
            assert_status(page, "Apollo 11", "earlier")
            latest = page.locator("#turns > li").last
            expect(latest).to_contain_text("where did Neil Armstrong grow up?")
            top = latest.locator(".result").first
            expect(top.locator(".title")).to_have_text("Neil Armstrong")
            expect(top.locator(".signal").first).to_have_text("title prior +1.5")
            screenshot(page, artifacts / "service-correction.png")

    assert_status(page, "Apollo 12", "current")
    assert_status(page, "Apollo 11", "dropped")
    expect(page.locator("#log > li")).to_have_count(len(DEMO))
    expect(page.locator("#log > li").nth(3)).to_contain_text("Abandon(Buzz Aldrin)")
    expect(card(page, "Apollo 11").locator("li").first).to_be_visible()  # its facts
    screenshot(page, artifacts / "service-demo.png")

    # A reload resumes the session from the address: its turns, passages, memory, answer box.
    assert "session=" in page.url
    page.reload()
    expect(page.locator("#turns > li")).to_have_count(len(DEMO))
    expect(page.locator("body")).to_have_attribute("data-busy", "false")
    assert_status(page, "Buzz Aldrin", "dropped")
    assert_status(page, "Apollo 12", "current")
    expect(page.locator("#turns > li").nth(2).locator(".after")).to_contain_text(
        "re-filed: Reactivate(Buzz Aldrin)"
    )
    expect(page.locator("#turns .pick")).to_have_count(5)  # the last turn awaits its answer
    expect(page.locator("#previous-answer-caption")).to_contain_text(f"turn {len(DEMO)}")
    ask(page, len(DEMO) + 1, "who commanded it?", DEMO[-1]["answer"])
    expect(page.locator("#turns > li").nth(len(DEMO) - 1).locator(".answer")).to_have_count(1)


def test_the_demo_button_plays_the_conversation(page):
    from playwright.sync_api import expect

    page.click("#play-demo")
    expect(page.locator("#turns > li")).to_have_count(len(DEMO))
    expect(page.locator("body")).to_have_attribute("data-busy", "false")
    assert_status(page, "Buzz Aldrin", "dropped")
    assert_status(page, "Apollo 12", "current")
    expect(page.locator("#turns .answer")).to_have_count(len(DEMO))


def test_a_passage_can_be_picked_as_the_answer_and_markup_stays_text(page):
    from playwright.sync_api import expect

    markup = '<img src=x onerror="document.body.dataset.injected=1"> what was apollo 11?'
    ask(page, 1, markup)
    expect(page.locator("#turns .question").first).to_contain_text(markup)
    assert page.locator("#turns img").count() == 0
    assert page.evaluate("document.body.dataset.injected") is None

    first = page.locator("#turns .result").first
    first.locator(".pick").click()
    expect(page.locator("#previous-answer")).to_have_value(first.locator(".text").inner_text())
    ask(page, 2, "who were the astronauts that walked on the moon?")
    expect(page.locator("#turns > li").first.locator(".answer")).to_have_count(1)
    expect(page.locator("#turns .pick")).to_have_count(5)  # only the latest turn's passages


def test_a_phone_wide_screen_shows_the_whole_page(chromium, server, artifacts):
    from playwright.sync_api import expect

    context = chromium.new_context(viewport={"width": 400, "height": 860})
    page = context.new_page()
    page.goto(server.url)
    page.click("#play-demo")
    expect(page.locator("#turns > li")).to_have_count(len(DEMO))
    expect(page.locator("body")).to_have_attribute("data-busy", "false")
    assert page.evaluate("document.documentElement.scrollWidth") <= 400  # nothing off-screen
    for button in ("#play-demo", "#new-session"):
        box = page.locator(button).bounding_box()
        assert box is not None and box["x"] + box["width"] <= 400
    screenshot(page, artifacts / "service-phone.png")
    context.close()
