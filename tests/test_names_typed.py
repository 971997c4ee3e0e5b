"""Names as people type them: a word another page is named by, a title with its article,
a surname with its particle, a possessive without its apostrophe, initials with a number, a
misspelt name withdrawn in a self-repair, and years that pick a page of a family."""

from __future__ import annotations

import pytest
from fixtures_writer import asked_about, converse, index_of

from memrevise.language.entities import NameTable, acronyms_of
from memrevise.language.kinds import looks_like_person
from memrevise.memory import Status
from memrevise.writer import make_writer
from memrevise.writer.pages import Opening
from memrevise.writer.siblings import Siblings

PAGES = {
    "Nikola Tesla": [
        "Nikola Tesla was a Serbian-American inventor, born in Smiljan in 1856.",
        "Tesla worked for Thomas Edison before founding his own laboratory in New York.",
    ],
    "Tesla (unit)": ["The tesla is the unit of magnetic flux density in the SI system."],
    "Freddie Mercury": ["Freddie Mercury was the lead singer of Queen, born in Zanzibar."],
    "Mercury (planet)": ["Mercury is the smallest planet and the closest to the Sun."],
    "Inception": ["Inception is a 2010 science fiction film directed by Christopher Nolan."],
    "The Terminator": [
        "The Terminator is a 1984 science fiction film by James Cameron, shot in Los Angeles.",
        "The Terminator was followed by a sequel in 1991.",
    ],
    "The Band": ["The Band were a Canadian-American rock group formed in Toronto."],
    "Bob Dylan": ["Bob Dylan is an American songwriter; The Band backed him on tour in 1966."],
    "Ludwig van Beethoven": [
        "Ludwig van Beethoven was a German composer born in Bonn in 1770.",
        "His Ninth Symphony premiered in Vienna in 1824.",
    ],
    "Joseph Haydn": ["Joseph Haydn was an Austrian composer born in Rohrau."],
    "Steven Spielberg": ["Steven Spielberg is an American film director born in Cincinnati."],
    "Nirvana (band)": ["Nirvana was an American rock band formed in Aberdeen, Washington."],
    "Kurt Cobain": ["Kurt Cobain was the singer and guitarist of Nirvana, born in 1967."],
    "Rome": [
        "Rome is the capital city of Italy, on the Tiber.",
        "The Trevi Fountain in Rome was finished in 1762; the Colosseum held gladiator games.",
    ],
    "Call of Duty 2": ["Call of Duty 2 is a 2005 first-person shooter game set in World War II."],
    "Call of Duty 3": ["Call of Duty 3 is a 2006 first-person shooter game by Treyarch."],
    "Athens": ["Athens is the capital of Greece; about 640,000 people live in the city."],
    "Athens, Georgia": ["Athens is a college town in Georgia, home of its state university."],
    "R.E.M.": ["R.E.M. were an American rock band formed in Athens, Georgia, in 1980."],
    "Michael Stipe": ["Michael Stipe is an American singer, the voice of R.E.M."],
    "Green Bay Packers": ["The Green Bay Packers are an American football team in Wisconsin."],
    "Brett Favre": ["Brett Favre is an American football quarterback born in Gulfport."],
    "Serena Williams": ["Serena Williams is an American tennis player born in 1981."],
    "David Byrne": ["David Byrne is a Scottish-American musician, singer of Talking Heads."],
    "Tina Weymouth": ["Tina Weymouth is an American musician, bass player of Talking Heads."],
    "Henry VII of England": ["Henry VII was King of England from 1485, after Bosworth."],
    "Henry VIII of England": ["Henry VIII was King of England from 1509 and married six times."],
    "Edward VI of England": ["Edward VI became King of England at nine, in 1547."],
}


about = asked_about(PAGES)


@pytest.mark.parametrize(
    ("current", "final", "meant"),
    [
        ("Nikola Tesla", "tesla the unit, what does it measure", "Tesla (unit)"),
        ("Freddie Mercury", "how close to the sun is mercury", "Mercury (planet)"),
        ("Freddie Mercury", "where was mercury born", "Freddie Mercury"),  # his page says
    ],
)
def test_a_word_that_is_another_page_s_whole_name_may_mean_that_page(writer, current, final, meant):
    output, _ = converse(writer, [about(current)], final)
    assert output.topic == meant


@pytest.mark.parametrize(
    ("current", "final", "meant"),
    [
        ("Joseph Haydn", "kurt cobain when did he die", "Kurt Cobain"),
        ("Inception", "the terminator who directed it", "The Terminator"),
        ("Kurt Cobain", "nirvana where were they formed", "Nirvana (band)"),
    ],
)
def test_a_subject_said_before_its_question_is_what_the_pronoun_means(
    writer, current, final, meant
):
    output, _ = converse(writer, [about(current)], final)
    assert output.topic == meant
    assert output.query.casefold().startswith(final.split()[0])


def test_a_title_typed_with_its_own_article_names_the_page(writer):
    output, _ = converse(writer, [about("Inception")], "the terminator was shot where")
    assert output.topic == "The Terminator"
    output, _ = converse(writer, [about("Bob Dylan")], "when did the band tour with him")
    assert output.topic == "Bob Dylan"  # "band" is a common noun, though a title too


def test_a_surname_with_its_particle():
    assert looks_like_person("Ludwig van Beethoven")
    assert looks_like_person("Leonardo da Vinci")
    assert not looks_like_person("Van Halen Records")


@pytest.mark.parametrize("final", ["where was van beethoven born", "where was beethoven born"])
def test_a_named_switch_by_a_surname_with_or_without_its_particle(writer, final):
    output, _ = converse(writer, [about("Joseph Haydn")], final)
    assert output.topic == "Ludwig van Beethoven"


def test_a_possessive_typed_without_its_apostrophe_before_what_it_owns():
    table = NameTable(["Steven Spielberg", "Inception"], unmarked_possessives=True)
    assert [m.name for m in table.find("what was steven spielbergs first film")] == [
        "Steven Spielberg"
    ]
    assert table.find("how good was inceptions ending")[0].name == "Inception"
    assert table.find("what is inceptions") == []  # a plural at the end owns nothing
    assert NameTable(["Inception"]).find("how good was inceptions ending") == []


def test_a_possessive_without_its_apostrophe_switches_to_a_person(writer):
    output, _ = converse(writer, [about("Inception")], "spielbergs first film was what")
    assert output.topic == "Steven Spielberg"


def test_initials_with_a_number_spell_a_title():
    assert acronyms_of("Call of Duty 2") == ("cod2", "cd2")
    assert acronyms_of("PlayStation 4") == ("ps4",)
    assert acronyms_of("Paris Saint-Germain F.C.") == ("psg",)
    assert acronyms_of("Hudson's Bay Company") == ("hbc",)
    assert acronyms_of("Inception") == ()
    table = NameTable(["Call of Duty 2", "Call of Duty 3"], short_forms=True)
    assert [m.name for m in table.find("is cod2 fun")] == ["Call of Duty 2"]
    assert table.find("is cod fun") == []  # initials alone are left: "wht", "thr" are typos


def test_a_self_repair_from_a_title_in_initials_to_its_sibling(writer):
    history = [about("Call of Duty 3")]
    final = "what engine did cod2 use, no wait, the 3"
    output, memory = converse(writer, history, final)
    assert output.topic == "Call of Duty 3"
    assert memory.topic("Call of Duty 2").status is Status.DROPPED  # said and withdrawn
    assert "cod2" not in output.query


def test_a_self_repair_drops_the_misspelt_name_it_withdrew(writer):
    history = [about("Ludwig van Beethoven"), about("Joseph Haydn")]
    output, memory = converse(writer, history, "where was beethovn, no sorry haydn, born")
    assert output.topic == "Joseph Haydn"
    assert memory.topic("Ludwig van Beethoven").status is Status.DROPPED
    assert "beethovn" not in output.query


def test_the_parts_of_a_numbered_family_by_the_years_their_pages_open_with():
    openings = {
        "The Godfather": Opening("film", 1972, years=(1972,)),
        "The Godfather Part II": Opening("film", 1974, years=(1974, 1972)),
        "The Godfather Part III": Opening("film", 1990, years=(1990,)),
    }
    siblings = Siblings(openings, openings.get)
    assert siblings.moved("The Godfather Part II", "the 72 one") == "The Godfather"
    assert siblings.moved("The Godfather", "and the 1990 one") == "The Godfather Part III"
    assert siblings.moved("The Godfather", "part 2") == "The Godfather Part II"


def test_pages_sharing_a_qualifier_move_by_a_year_only_one_of_them_names():
    openings = {
        "Sojourner (rover)": Opening("rover", 1996, years=(1996, 1997)),
        "Zhurong (rover)": Opening("rover", 2020, years=(2020, 2021)),
        "Perseverance (rover)": Opening("rover", 2020, years=(2020, 2021)),
        "Heat (1995 film)": Opening("film", 1995, years=(1995,)),
        "Ronin (film)": Opening("film", 1998, years=(1998,)),
        "Drive (film)": Opening("film", 2011, years=(2011,)),
    }
    siblings = Siblings(openings, openings.get)
    assert siblings.moved("Zhurong (rover)", "and the 1997 one") == "Sojourner (rover)"
    assert siblings.moved("Sojourner (rover)", "the 2021 one") is None  # two name 2021
    assert siblings.moved("Sojourner (rover)", "and the next one") is None  # no order
    assert siblings.moved("Ronin (film)", "the 2011 one") is None  # "film" is a kind


def test_a_second_description_in_a_rewritten_question_means_another_recent_topic(index):
    writer = make_writer("learned", index)  # the rule writer alone takes "the band" for it
    history = [about("Nirvana (band)"), ("who was its singer", PAGES["Kurt Cobain"][0])]
    output, _ = converse(writer, history, "when did he start the band")
    assert output.topic == "Kurt Cobain"
    assert output.query == "when did Kurt Cobain start the band Nirvana"


def test_a_description_of_the_topic_itself_gets_no_second_name(writer):
    history = [about("Kurt Cobain"), about("Nirvana (band)")]
    output, _ = converse(writer, history, "where did they form the band")
    assert "Kurt Cobain" not in output.query


@pytest.mark.parametrize(
    "final",
    [
        "when was the trevi fountain finished",  # "the" before a name of two words
        "how many colosseum games were there",  # "there" that points at no place
        "who won the last fight colosseum hosted",  # "the last" ranks what it names
    ],
)
def test_a_question_that_names_something_the_corpus_names_is_left_as_typed(writer, final):
    output, _ = converse(writer, [about("Rome")], final)
    assert output.query == final


@pytest.mark.parametrize(
    "final",
    [
        "when was the fountain finished",
        "and the trevi fountain?",
        "who ruled there",
        "what is the largest fountain",  # a ranking of fountains of the topic
    ],
)
def test_a_description_an_ellipsis_or_a_place_pointed_at_gets_the_topic(writer, final):
    output, _ = converse(writer, [about("Rome")], final)
    assert "Rome" in output.query


def test_a_title_written_with_its_qualifier_is_that_page():
    table = NameTable(["Solaris (1972 film)", "Solaris (2002 film)", "Avatar (2009 film)"])
    found = table.find("There are two: Solaris (2002 film) and Avatar.")
    assert [m.name for m in found] == ["Solaris (2002 film)", "Avatar (2009 film)"]
    assert found[0].end == len("There are two: Solaris (2002 film)")
    assert [m.name for m in table.find("Solaris (the novel) is older")] == ["Solaris (1972 film)"]


NAMESAKES = {
    "Apollo (mythology)": ["Apollo is a Greek god of the sun and of music, a son of Zeus."],
    "Apollo, Inc.": ["Apollo, Inc. is an American company that makes guitars in Ohio."],
    "Ohio": ["Ohio is a state in the Midwestern United States."],
}


@pytest.fixture(scope="module", params=["rules", "learned"])
def namesake_writer(request):
    return make_writer(request.param, index_of(NAMESAKES))


@pytest.mark.parametrize(
    ("current", "final", "meant"),
    [
        ("Apollo, Inc.", "apollo the god who were his parents", "Apollo (mythology)"),
        ("Apollo (mythology)", "apollo the company, where is it based", "Apollo, Inc."),
    ],
)
def test_a_kind_word_picks_a_page_of_the_current_topic_s_name(
    namesake_writer, current, final, meant
):
    history = [(f"tell me about {current.casefold()}", NAMESAKES[current][0])]
    output, _ = converse(namesake_writer, history, final)
    assert output.topic == meant


def test_a_subject_after_a_preposition_is_not_what_the_pronoun_means(writer):
    output, _ = converse(writer, [about("Kurt Cobain")], "and before nirvana what band was he in")
    assert output.topic == "Kurt Cobain"


@pytest.mark.parametrize(
    ("final", "meant"),
    [("where was cobbain born", "Kurt Cobain"), ("when did beethovn die", "Ludwig van Beethoven")],
)
def test_a_surname_misspelt_by_a_letter_switches_to_its_person(writer, final, meant):
    output, _ = converse(writer, [about("Inception")], final)
    assert output.topic == meant


def test_a_title_is_found_without_the_generic_word_people_leave_out():
    table = NameTable(["Alcatraz Island", "Santos FC", "Mount Kilimanjaro", "Wrigley Field"])
    said = "is alcatraz open, did santos go down, how high is kilimanjaro, where is wrigley"
    assert [m.name for m in table.find(said)] == [
        "Alcatraz Island",
        "Santos FC",
        "Mount Kilimanjaro",
    ]  # "field" names a field, not one left out


STIPE = [("who is michael stipe", "The singer of R.E.M., born in Decatur, Georgia.")]


def test_a_name_of_initials_is_found_typed_without_its_dots(writer):
    output, _ = converse(writer, STIPE, "was rem a college radio band")
    assert output.topic == "R.E.M."
    assert output.query == "was rem a college radio band"  # it names its subject as typed


def test_a_place_and_its_region_typed_without_the_comma_name_that_page(writer):
    history = [("what is the parthenon", "A temple on the Acropolis of Athens.")]
    output, _ = converse(writer, history, "how many people live in athens georgia")
    assert output.topic == "Athens, Georgia"


FAVRE = [("who is brett favre", "A quarterback who won Super Bowl XXXI.")]


def test_a_team_is_named_by_the_plural_its_name_ends_in(writer):
    output, _ = converse(writer, FAVRE, "how many super bowls have the packers won")
    assert output.topic == "Green Bay Packers"
    assert output.query == "how many super bowls have the packers won"


def test_a_surname_ending_in_s_after_the_is_no_team(writer):
    output, _ = converse(writer, FAVRE, "did he ever meet the williams sisters")
    assert output.topic == "Brett Favre"


@pytest.mark.parametrize("typed", ["bryne", "byrn", "byrnee"])
def test_a_surname_typed_with_one_letter_swapped_missing_or_added_names_the_person(writer, typed):
    history = [("who is tina weymouth", "The bass player of Talking Heads.")]
    output, _ = converse(writer, history, f"where did david {typed} grow up")
    assert output.topic == "David Byrne"


def test_one_typo_in_a_short_word_is_not_read_as_a_name():
    table = NameTable(["David Byrne"])
    assert table.closest("bryne", 0.85) is None  # the table knows no one-word "byrne"
    surnames = NameTable()
    surnames.add("David Byrne", key=("byrne",))
    assert surnames.closest("bryne", 0.85) == "David Byrne"
    surnames.add("Peter Bone", key=("bone",))
    assert surnames.closest("bnoe", 0.85) is None  # four letters: too short to tell


EDWARD = [("who ruled for edward vi", "His uncle Edward Seymour, as Lord Protector.")]


def test_a_ruler_is_typed_without_the_realm(writer):
    output, _ = converse(writer, EDWARD, "who did henry viii marry")
    assert output.topic == "Henry VIII of England"


def test_a_self_repair_between_two_rulers_asks_of_the_second(writer):
    output, memory = converse(writer, EDWARD, "when did henry viii die. argh i mean henry vii")
    assert output.topic == "Henry VII of England"
    assert "viii" not in output.query.casefold()
    assert memory.topic("Edward VI of England").status is not Status.DROPPED
