"""Revisions as people type them: corrections, self-repairs, value revisions and named switches,
with both CPU writers, over a small collection of confusable pages; and the queries they write."""

from __future__ import annotations

import unicodedata

import pytest
from fixtures_writer import converse, index_of, ops
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memrevise.language import cues
from memrevise.language.entities import NameTable, name_keys, short_form_of, shortens
from memrevise.memory import Op, Status
from memrevise.retrieval import BM25Index
from memrevise.text import strip_qualifier
from memrevise.writer import make_writer
from memrevise.writer.grounding import CorpusNames, Kin
from memrevise.writer.pages import Opening
from memrevise.writer.rules import RuleWriter
from memrevise.writer.siblings import Siblings, said_values

PAGES = {
    "Avatar (2009 film)": [
        "Avatar is a 2009 American epic science fiction film directed by James Cameron.",
        "The film is set on Pandora, a moon where the Na'vi live.",
    ],
    "Avatar (2004 film)": [
        "Avatar is a 2004 Singaporean cyberpunk film directed by Jian Hong Kwan.",
        "The low budget film was shot in Singapore with an Asian cast.",
    ],
    "Ernest Shackleton": ['Shackleton sailed the small boat "James Caird" to South Georgia.'],
    "Pandora Radio": ["Pandora Radio is an American music streaming service."],
    "Apollo 11": [
        "Apollo 11 was the spaceflight that first landed humans on the Moon in July 1969.",
        "Its commander was Neil Armstrong, with Buzz Aldrin and Michael Collins.",
    ],
    "Apollo 12": [
        "Apollo 12 launched in November 1969 and was struck by lightning after liftoff.",
    ],
    "Apollo 13": [
        "Apollo 13 launched in April 1970; an oxygen tank explosion forced the crew home.",
    ],
    "Neil Armstrong": [
        "Neil Armstrong was an American astronaut who grew up in Wapakoneta, Ohio.",
    ],
    "Buzz Aldrin": ["Buzz Aldrin is an American astronaut who grew up in Montclair."],
    "Michael Collins (astronaut)": [
        "Michael Collins was the command module pilot who stayed in lunar orbit.",
    ],
    "Rocky": ["Rocky is a 1976 boxing film starring Sylvester Stallone."],
    "Rocky II": ["Rocky II is the 1979 sequel in which Rocky Balboa fights Apollo Creed again."],
    "Rocky III": ["Rocky III is the 1982 film in which Rocky fights Clubber Lang."],
    "1990 FIFA World Cup": ["The 1990 FIFA World Cup was held in Italy; West Germany won it."],
    "1994 FIFA World Cup": ["The 1994 FIFA World Cup was held in the United States."],
    "1998 FIFA World Cup": ["The 1998 FIFA World Cup was held in France, who won the final."],
    "Mad Max (1979 film)": ["Mad Max is a 1979 Australian action film by George Miller."],
    "Mad Max 2": ["Mad Max 2, released as The Road Warrior, is a 1981 Australian film."],
    "Mad Max: Fury Road": ["Mad Max: Fury Road is a 2015 action film directed by George Miller."],
    "Mad Max (franchise)": ["Mad Max is an Australian media franchise that began in 1979."],
    "Super Bowl XLV": ["Super Bowl XLV was won by the Green Bay Packers in Arlington."],
    "Super Bowl XLVI": ["Super Bowl XLVI was won by the New York Giants in Indianapolis."],
    "The Beatles": [
        "The Beatles were an English rock band: John Lennon, Paul McCartney, George "
        "Harrison and Ringo Starr.",
        "The band was managed by Brian Epstein, a Liverpool record shop owner.",
    ],
    "George Harrison": ["George Harrison was the lead guitarist of the Beatles; he played sitar."],
    "Ringo Starr": ["Ringo Starr was the drummer of the Beatles."],
    "Oasis (band)": [
        "Oasis were an English rock band fronted by the singer Liam Gallagher, with his older "
        "brother Noel Gallagher on guitar."
    ],
    "Liam Gallagher": ["Liam Gallagher is an English singer, born in Manchester in 1972."],
    "Noel Gallagher": ["Noel Gallagher is an English guitarist, born in Manchester in 1967."],
    "Marie Curie": ["Marie Curie was a physicist. With her husband Pierre Curie she found radium."],
    "Pierre Curie": ["Pierre Curie, a French physicist who married Marie Curie, died in 1906."],
    "Queen (band)": ["Queen are a British rock band; their drummer is Roger Taylor, drummer."],
    "Brian May": ["Brian May is the guitarist of Queen, born in Hampton in 1947."],
    "Roger Taylor": ["Roger Taylor is the drummer of Queen, born in King's Lynn in 1949."],
    "Andrei Tarkovsky": ["Andrei Tarkovsky was a Soviet film director born in Zavrazhye."],
    "Christopher Nolan": ["Christopher Nolan is a British director born in London."],
    "Michael Collins (Irish leader)": [
        "Michael Collins was an Irish revolutionary leader killed in an ambush in 1922.",
    ],
    "James Cameron": ["James Cameron is a Canadian film director born in Kapuskasing."],
    "Amazon (company)": ["Amazon is an American technology company founded by Jeff Bezos."],
    "Amazon River": ["The Amazon River in South America is about 6,400 km long."],
    "Stories We Tell": ["Stories We Tell is a 2012 Canadian documentary film by Sarah Polley."],
    "Solaris (novel)": ["Solaris is a 1961 science fiction novel by the Polish writer Lem."],
    "Solaris (1972 film)": ["Solaris is a 1972 Soviet film by Andrei Tarkovsky, shot in Moscow."],
    "Solaris (2002 film)": ["Solaris is a 2002 American film starring George Clooney."],
    "John Lennon": ["John Lennon co-founded the Beatles and after the band made Imagine."],
    "Manchester United F.C.": ["Manchester United F.C. is an English football club."],
    "Paris": ["Paris is the capital of France, with about two million inhabitants."],
    "Jack Paris": ["Jack Paris was an American lawyer and a person of note in Lamar County."],
    "Paris, Texas": ["Paris, Texas is a small city in Lamar County in the United States."],
    "Toronto": [
        "Toronto is the largest city in Canada; the CN Tower there is 553 metres tall.",
        "An old water tower by the lake was torn down in 1990.",
    ],
    "Emily Brontë": ["Emily Brontë wrote Wuthering Heights and died in 1848."],
    "Anne Brontë": ["Anne Brontë wrote Agnes Grey and died in Scarborough in 1849."],
}
TITLES = frozenset(PAGES)


@pytest.fixture(scope="module")
def index() -> BM25Index:
    return index_of(PAGES)


@pytest.fixture(scope="module", params=["rules", "learned"])
def writer(request, index):
    return make_writer(request.param, index)


AVATAR = [("who directed avatar?", "Avatar (2009 film) was directed by James Cameron.")]
APOLLO_11 = [("when did apollo 11 land?", "Apollo 11 landed on the Moon on July 20, 1969.")]
CREW = [
    ("who was the first man on the moon?", "Neil Armstrong was the first man on the Moon."),
    ("where did he grow up?", "Neil Armstrong grew up in Wapakoneta, Ohio."),
]


@pytest.mark.parametrize(
    "final",
    [
        "wrong one",
        "nope, the other",
        "no, i meant the 2004 one",
        "thats not what i meant... the singaporean one",
        "i was asking about the cyberpunk film",
        "ugh, not the cameron movie. the one shot in singapore",
    ],
)
def test_a_correction_in_any_wording_moves_to_the_page_meant(writer, final):
    output, memory = converse(writer, AVATAR, final)
    assert output.topic == "Avatar (2004 film)"
    assert ops(output) == ["Abandon(Avatar (2009 film))", "Revise(Avatar (2004 film))"]
    assert memory.topic("Avatar (2009 film)").status is Status.DROPPED
    assert output.query == "who directed Avatar (2004 film)?"  # the open question carried


def test_a_correction_with_a_new_question_asks_the_new_one(writer):
    output, _ = converse(writer, AVATAR, "no the 2004 one. where was it shot?")
    assert output.topic == "Avatar (2004 film)"
    assert output.query == "where was Avatar (2004 film) shot?"


@pytest.mark.parametrize(
    ("final", "topic"),
    [
        ("the next one", "Apollo 12"),
        ("and 13?", "Apollo 13"),
        ("sorry, 12 not 11", "Apollo 12"),
    ],
)
def test_a_value_revision_moves_along_the_numbered_family(writer, final, topic):
    output, _ = converse(writer, APOLLO_11, final)
    assert output.topic == topic
    assert ops(output) == ["Abandon(Apollo 11)", f"Revise({topic})"]
    assert output.query == f"when did {topic} land?"


@pytest.mark.parametrize(
    ("start", "final", "topic"),
    [
        ("who does rocky fight in rocky ii?", "and in the one before?", "Rocky"),
        ("who does rocky fight in rocky ii?", "the original", "Rocky"),
        ("who does rocky fight in rocky ii?", "and the third instalment?", "Rocky III"),
        ("who won super bowl xlvi?", "no, XLV", "Super Bowl XLV"),
        ("who won super bowl xlvi?", "xlv i meant", "Super Bowl XLV"),
        ("who won super bowl xlvi?", "the year before?", "Super Bowl XLV"),
        ("who does rocky fight in rocky iii?", "and the one two before that?", "Rocky"),
        ("who does rocky fight in rocky ii?", "part three?", "Rocky III"),  # a number word
        ("who does rocky fight in rocky ii?", "first actually?", "Rocky"),
        ("when did apollo 12 launch?", "no, thirteenth", "Apollo 13"),
        ("who does rocky fight in rocky ii?", "who directed the following film?", "Rocky III"),
    ],
)
def test_value_revisions_by_step_ordinal_numeral_and_the_original(writer, start, final, topic):
    output, _ = converse(writer, [(start, None)], final)
    assert output.topic == topic
    assert output.operations[-1].op is Op.REVISE


@pytest.mark.parametrize(
    ("year", "final", "topic"),
    [
        ("1998", "and the one 8 years before", "1990 FIFA World Cup"),
        ("1990", "who won it four years later?", "1994 FIFA World Cup"),
        ("1990", "what about the one after 94", "1998 FIFA World Cup"),  # a step from 1994
    ],
)
def test_a_value_revision_counts_years_in_a_family_of_years(writer, year, final, topic):
    history = [
        (f"who won the {year} fifa world cup?", f"The {year} FIFA World Cup was won by Europe.")
    ]
    output, _ = converse(writer, history, final)
    assert output.topic == topic
    assert output.operations[-1].op is Op.REVISE


def test_a_correction_by_a_year_s_last_two_digits(writer):
    output, memory = converse(writer, AVATAR, "no, the 04 one")
    assert output.topic == "Avatar (2004 film)"
    assert memory.topic("Avatar (2009 film)").status is Status.DROPPED


@pytest.mark.parametrize(
    "final",
    [
        "no, i meant the one that has to do with pandora",
        "i was talking about the one with pandora",
        "actually the film about pandora",
    ],
)
def test_a_correction_by_what_a_page_holds_means_a_topic_in_play(writer, final):
    history = [*AVATAR, ("where was he born?", PAGES["James Cameron"][0])]
    output, memory = converse(writer, history, final)
    assert output.topic == "Avatar (2009 film)"  # not a page in the collection named so
    assert memory.topic("James Cameron").status is Status.DROPPED


def test_a_correction_by_what_an_earlier_answer_said(writer):
    history = [
        ("when did apollo 11 land?", "In July 1969; the crew then spent 21 days in quarantine."),
        ("who does rocky fight in rocky ii?", "Rocky fights Apollo Creed again."),
    ]
    output, _ = converse(writer, history, "no, the one where you mentioned quarantine")
    assert output.topic == "Apollo 11"


def test_a_place_in_the_conversation_said_after_the_verb(writer):
    place = cues.conversation_position
    assert place("the place we discussed second") == cues.Position(2, "place")
    assert place("the third film we talked about") == cues.Position(3, "film")
    assert place("who was the first man on the moon") is None
    history = [*AVATAR, ("who does rocky fight in rocky ii?", "Apollo Creed, again.")]
    output, _ = converse(writer, history, "wrong one, the film we discussed first")
    assert output.topic == "Avatar (2009 film)"


PEOPLE = [
    *CREW,
    ("who is james cameron?", PAGES["James Cameron"][0]),
    ("where was christopher nolan born?", PAGES["Christopher Nolan"][0]),
]


@pytest.mark.parametrize(
    ("said", "meant"),
    [("the third person we talked about", "Christopher Nolan"),
     ("the person we discussed second", "James Cameron")],
)  # fmt: skip
def test_a_place_in_the_conversation_counts_the_people_discussed_in_order(writer, said, meant):
    output, _ = converse(writer, PEOPLE, f"sorry, tarkovsky... no wait, {said}")
    assert output.topic == meant  # the third is the current topic: the repair comes back to it


@pytest.mark.parametrize(
    "aside",
    ["sorry if that was unclear with the moon and all", "sory if the moon bit was unclear?"],
)
def test_an_aside_after_a_correction_points_nowhere(writer, aside):
    final = f"no no. the one from wapakoneta. {aside}"
    output, _ = converse(writer, PEOPLE[:3], final)
    assert output.topic == "Neil Armstrong"


def test_a_correction_points_with_its_own_words_not_its_question_s(writer):
    final = "no, the one from wapakoneta - tell me about their life, apollo 11 and all"
    output, _ = converse(writer, PEOPLE[:3], final)
    assert output.topic == "Neil Armstrong"


@pytest.mark.parametrize(
    "final",
    ["no, the one you told me about earlier, with james cameron",
     "wrong one. the film from before, the cameron one",
     "nope, the one where you mentioned james"],
)  # fmt: skip
def test_what_an_earlier_answer_said_describes_a_topic_it_does_not_name(writer, final):
    history = [*AVATAR, ("who does rocky fight in rocky ii?", "Rocky fights Apollo Creed again.")]
    output, _ = converse(writer, history, final)
    assert output.topic == "Avatar (2009 film)"  # not the page "James Cameron"


def test_a_self_repair_to_the_other_one_means_the_topic_not_the_name_withdrawn(writer):
    output, memory = converse(writer, AVATAR, "who was on apollo 11... hang on, the other one")
    assert output.topic == "Avatar (2009 film)"
    withdrawn = memory.topic("Apollo 11")
    assert withdrawn is None or withdrawn.status is Status.DROPPED


@pytest.mark.parametrize(
    "final", ["12 actually - who was its commander?", "the next one. who was its commander?"]
)
def test_a_value_revision_followed_by_a_new_question_asks_it(writer, final):
    output, memory = converse(writer, APOLLO_11, final)
    assert output.topic == "Apollo 12"
    assert memory.topic("Apollo 11").status is Status.DROPPED
    assert output.query.endswith("Apollo 12's commander?")


def test_going_back_to_the_previous_topic_is_no_value_revision(writer):
    history = [("when did apollo 12 launch?", PAGES["Apollo 12"][0]), *AVATAR]
    output, _ = converse(writer, history, "going back to the previous topic, what about its crew?")
    # "previous" here is no step back in a numbered family: it is the topic before Avatar
    assert output.topic == "Apollo 12"
    assert output.query == "going back to the previous topic, what about Apollo 12's crew?"


def test_a_person_described_by_the_first_film_is_no_value_revision(writer):
    history = [("who fights rocky in rocky iii?", "Clubber Lang, played by Mr. T.")]
    output, _ = converse(writer, history, "the guy who wrote the first one - where's he from")
    assert output.topic != "Rocky"


def test_a_question_about_a_sequel_is_not_a_value_revision(writer):
    output, _ = converse(
        writer, [("who does rocky fight in rocky ii?", None)], "is there a sequel?"
    )
    assert output.topic == "Rocky II"


def test_a_value_revision_never_invents_a_page(writer):
    output, memory = converse(writer, APOLLO_11, "sorry, i meant 14, not 11")
    assert output.topic == "Apollo 11"  # there is no Apollo 14 page and nobody named it
    assert {t.name for t in memory.topics} <= TITLES


def test_a_self_repair_the_part_after_the_cue_wins(writer):
    output, memory = converse(
        writer, CREW, "when did he die - wait, i mean the one who stayed up in orbit"
    )
    assert output.topic == "Michael Collins (astronaut)"
    assert memory.topic("Neil Armstrong").status is Status.DROPPED


def test_a_self_repair_back_to_the_current_topic_refines_it_and_drops_what_it_withdrew(writer):
    output, _ = converse(writer, APOLLO_11, "who flew on apollo 12.. wait no, on 11 still, sorry")
    assert output.topic == "Apollo 11"
    assert ops(output) == ["Abandon(Apollo 12)", "Refine(Apollo 11)"]  # said, then withdrawn


def test_a_self_repair_to_a_surname(writer):
    history = [("who directed the dark knight?", "Christopher Nolan directed The Dark Knight.")]
    final = "where was nolan born - hold on, what i want is where tarkovsky was born"
    output, _ = converse(writer, history, final)
    assert output.topic == "Andrei Tarkovsky"


@pytest.mark.parametrize("final", ["emily, not anne", "i said emilly"])
def test_a_correction_by_first_name_or_misspelt_name(writer, final):
    history = [("when did emily bronte die?", "Anne Brontë died in Scarborough in 1849.")]
    output, memory = converse(writer, history, final)
    assert output.topic == "Emily Brontë"
    anne = memory.topic("Anne Brontë")  # the answer's topic, where the writer took it up
    assert anne is None or anne.status is Status.DROPPED


def test_a_named_switch_wins_over_the_old_topic(writer):
    output, _ = converse(writer, AVATAR, "who walked on the moon during apollo 11?")
    assert output.topic == "Apollo 11"
    assert output.query == "who walked on the moon during apollo 11?"
    output, _ = converse(writer, CREW, "who directed avatar?")
    assert output.topic.startswith("Avatar")


def test_a_self_repair_drops_the_name_it_withdrew(writer):
    output, memory = converse(writer, APOLLO_11, "who commanded apollo 12... no wait, apollo 13")
    assert output.topic == "Apollo 13"
    assert memory.topic("Apollo 12").status is Status.DROPPED  # said, then withdrawn
    assert memory.topic("Apollo 11").status is Status.EARLIER  # left, not rejected


def test_a_self_repair_drops_a_name_typed_in_lower_case_with_a_possessive(writer):
    output, memory = converse(writer, AVATAR, "what about solaris's cast... no wait, rocky")
    assert output.topic == "Rocky"
    assert memory.topic("Solaris (novel)").status is Status.DROPPED  # said, then withdrawn
    assert memory.topic("Avatar (2009 film)").status is Status.EARLIER  # left, not rejected


BRONTE = [("who wrote wuthering heights?", "Emily Brontë wrote Wuthering Heights.")]


def test_a_self_repair_by_first_names_of_one_family(writer):
    output, memory = converse(writer, BRONTE, "when did anne die - no sorry, i mean emily")
    assert output.topic == "Emily Brontë"
    assert output.query == "when did Emily Brontë die"
    assert memory.topic("Emily Brontë").status is Status.CURRENT
    assert memory.topic("Anne Brontë").status is Status.DROPPED  # said, then withdrawn


def test_a_correction_that_first_names_what_was_answered(writer):
    output, memory = converse(writer, BRONTE, "thats emily, i asked about anne")
    assert output.topic == "Anne Brontë"
    assert memory.topic("Emily Brontë").status is Status.DROPPED


def test_a_correction_by_name_asks_its_new_question_of_the_person_meant(writer):
    output, _ = converse(writer, BRONTE, "sorry, i meant anne bronte... tell me about her novels")
    assert output.topic == "Anne Brontë"
    assert output.query == "tell me about Anne Brontë's novels"


def test_a_roman_numeral_alone_is_no_name(writer):
    output, memory = converse(
        writer, [("who does rocky fight in rocky?", "Apollo Creed.")], "and in part III, no, II"
    )
    assert output.topic == "Rocky II"
    assert {t.name for t in memory.topics} <= TITLES


def test_a_named_switch_by_the_surname_of_someone_in_play(writer):
    history = [("who were the beatles?", PAGES["The Beatles"][0])]
    output, _ = converse(writer, history, "where did harrison grow up")
    assert output.topic == "George Harrison"
    assert output.query == "where did harrison grow up"


@pytest.mark.parametrize(
    ("final", "topic"),
    [
        ("and harrison, where did he grow up", "George Harrison"),
        ("what about Amazon - who founded it", "Amazon (company)"),
        ("ringo starr: when did he join", "Ringo Starr"),
        ("how old was harrison when he joined", "George Harrison"),
        ("did harrison write his own songs", "George Harrison"),
    ],
)
def test_a_name_said_before_a_pronoun_that_fits_it_is_what_the_pronoun_means(writer, final, topic):
    history = [("who was john lennon?", PAGES["John Lennon"][0])]
    output, _ = converse(writer, history, final)
    assert output.topic == topic
    assert set(final.split()) <= set(output.query.split())  # every word kept


@pytest.mark.parametrize(
    "final",
    ["switching to the beatles, when did they form", "ok lets talk about the beatles",
     "new topic: the beatles", "ok so moving on to the beatles"],
)  # fmt: skip
def test_a_switch_the_user_announces_names_its_topic_in_lower_case(writer, final):
    history = [("who wrote solaris?", PAGES["Solaris (novel)"][0])]
    output, _ = converse(writer, history, final)
    assert output.topic == "The Beatles"
    assert output.query == final


@pytest.mark.parametrize(
    "final",
    ["thats the guitarist, i asked for the drummer", "no, the drummer", "wrong guy. the drummer"],
)
def test_a_correction_by_a_role_means_a_person_with_that_role(writer, final):
    history = [("who was the drummer of the beatles?", PAGES["George Harrison"][0])]
    output, memory = converse(writer, history, final)
    assert output.topic == "Ringo Starr"  # a drummer; not the band, nor the guitarist
    assert memory.topic("Ringo Starr").status is Status.CURRENT


@pytest.mark.parametrize(
    ("history", "final", "meant", "rejected"),
    [
        (("where was liam gallagher born", "Liam Gallagher was born in Manchester in 1972."),
         "hmm i was thinking of his older brother tbh", "Noel Gallagher", "Liam Gallagher"),
        (("how did curie die", "Pierre Curie died in a street accident in Paris in 1906."),
         "nope, his wife i meant", "Marie Curie", "Pierre Curie"),
    ],
)  # fmt: skip
def test_a_correction_by_relation_means_the_relative_the_collection_names(
    writer, history, final, meant, rejected
):
    output, memory = converse(writer, [history], final)
    assert output.topic == meant  # stated on a page about them, or the other way round
    assert memory.topic(rejected).status is Status.DROPPED


def test_kin_are_read_from_the_pages_either_way_round(index):
    kin = Kin(index)
    older, younger = cues.Relation("brother", "older"), cues.Relation("brother", "younger")
    assert kin("Liam Gallagher", older) == ("Noel Gallagher",)  # named before, on the band's page
    assert kin("Noel Gallagher", younger) == ("Liam Gallagher",)  # the other way round
    assert kin("Noel Gallagher", older) == ()
    assert kin("Marie Curie", cues.Relation("husband")) == ("Pierre Curie",)
    assert kin("Pierre Curie", cues.Relation("wife")) == ("Marie Curie",)


def test_an_elder_or_younger_sibling_by_the_years_their_pages_open_with():
    born = {"Charlotte Brontë": 1816, "Emily Brontë": 1818, "Anne Brontë": 1820}
    writer = RuleWriter(born, openings=lambda title: Opening("novelist", born[title]))
    history = [("tell me about emily bronte", "Emily Brontë was an English novelist.")]
    final = "when was her older sister born? hm, make that her younger sister"
    output, _ = converse(writer, history, final)
    assert output.topic == "Anne Brontë"
    output, _ = converse(writer, history, "no, i meant her older sister")
    assert output.topic == "Charlotte Brontë"


def test_relations_are_read_as_written():
    assert cues.relations("hmm his older brother tbh")[0][0] == cues.Relation("brother", "older")
    assert cues.relations("sorry, her dad i mean")[0][0] == cues.Relation("father")
    assert cues.relations("their little sisters")[0][0] == cues.Relation("sister", "younger")
    assert cues.relations("their youngest brother") == []  # the last of several, no step
    assert cues.relations("the brother") == []


def test_a_role_is_no_band(writer):
    history = [("where was brian may born", PAGES["Brian May"][0])]
    output, _ = converse(writer, history, "ugh, mixed them up - the drummer. where was he born")
    assert output.topic == "Roger Taylor"  # not "Queen (band)", whose page says "drummer"


def test_a_named_switch_to_a_relative_by_a_first_name(writer):
    history = [("how did pierre curie die", PAGES["Pierre Curie"][0])]
    output, _ = converse(writer, history, "when did marie die")
    assert output.topic == "Marie Curie"  # shares his last name; "marie" is written as a name
    assert output.query == "when did marie die"


@pytest.mark.parametrize(
    ("final", "query"),
    [
        ("how big was liverpool", "how big was liverpool"),  # the corpus writes "Liverpool"
        ("why did they leave liverpool", "why did The Beatles leave liverpool"),
    ],
)
def test_a_question_that_names_what_it_asks_about_is_left_as_typed(writer, final, query):
    output, _ = converse(writer, [("who were the beatles?", PAGES["The Beatles"][0])], final)
    assert output.topic == "The Beatles"
    assert output.query == query


def test_a_named_switch_to_a_namesake_by_its_qualifier(writer):
    history = [("who was michael collins?", PAGES["Michael Collins (Irish leader)"][0])]
    output, _ = converse(writer, history, "where was michael collins the astronaut born")
    assert output.topic == "Michael Collins (astronaut)"


def test_a_named_switch_to_a_title_that_holds_the_topic_name(writer):
    history = [("when was amazon founded?", "Amazon was founded by Jeff Bezos in 1994.")]
    output, _ = converse(writer, history, "how long is the amazon river?")
    assert output.topic == "Amazon River"
    assert output.query == "how long is the amazon river?"


@pytest.mark.parametrize("said", ["man utd", "man united", "manchester united"])
def test_a_named_switch_by_a_short_form_of_a_title(writer, said):
    output, _ = converse(writer, AVATAR, f"when were {said} founded")
    assert output.topic == "Manchester United F.C."
    assert output.query == f"when were {said} founded"


def test_a_named_switch_to_a_place_by_its_region(writer):
    history = [("how many people live in paris?", PAGES["Paris"][0])]
    output, _ = converse(writer, history, "is there a paris in texas")
    assert output.topic == "Paris, Texas"


def test_a_named_switch_to_a_name_the_corpus_writes_on_another_page(writer):
    output, _ = converse(writer, AVATAR, "how tall is the cn tower")
    assert output.topic == "Toronto"
    assert output.query == "how tall is the cn tower"  # no page name pasted in


def test_a_named_switch_away_from_the_topic_the_question_also_names(writer):
    history = [("when did the beatles form?", "The Beatles formed in Liverpool in 1960.")]
    output, _ = converse(writer, history, "what did lennon do after the beatles")
    assert output.topic == "John Lennon"


@pytest.mark.parametrize("final", ["when did epstein die", "what did brian do before that"])
def test_a_named_switch_by_part_of_a_name_an_answer_said(writer, final):
    history = [
        ("when did the beatles form?", "The Beatles formed in Liverpool in 1960."),
        ("who managed them?", "Brian Epstein, who ran a record shop, managed the Beatles."),
    ]
    output, _ = converse(writer, history, final)
    assert output.topic == "Brian Epstein"  # a name said, though no page has it


def test_a_common_noun_that_ends_a_name_in_play_is_no_switch(writer):
    history = [("where is the cn tower?", PAGES["Toronto"][0])]
    output, _ = converse(writer, history, "what is next to the tower")
    assert output.topic == "Toronto"


def test_an_older_namesake_is_the_earlier_film_of_that_name(writer):
    output, _ = converse(writer, AVATAR, "wasn't there an older movie also called avatar")
    assert output.topic == "Avatar (2004 film)"


@pytest.mark.parametrize(
    ("final", "topic"),
    [
        ("who wrote solaris the book", "Solaris (novel)"),  # a word for the qualifier's kind
        ("where was the 72 solaris shot", "Solaris (1972 film)"),  # a year's last digits
        ("was the tarkovsky solaris long", "Solaris (1972 film)"),  # a word only its page has
        ("is there a newer solaris film", "Solaris (2002 film)"),
    ],
)
def test_a_named_switch_picks_the_namesake_the_question_describes(writer, final, topic):
    output, _ = converse(writer, AVATAR, final)
    assert output.topic == topic


def test_the_corpus_says_which_words_it_writes_as_a_name(index):
    names = CorpusNames(index)
    assert names("cn tower") == ("Toronto",)
    assert names("CN  Tower") == ("Toronto",)
    assert names("tower") == ()  # "an old water tower": a common noun there
    assert names("moon") == ()  # "the Moon" opens no sentence but "a moon where" is lower case
    assert names("zzz unknown") == ()
    assert names("james caird") == ("Ernest Shackleton",)  # in quotes: still a name


def test_a_first_name_that_begins_another_name_is_no_switch(writer):
    output, _ = converse(writer, AVATAR, "was james caird a big boat")
    assert output.topic != "James Cameron"  # "James Caird" is a name of its own


def test_a_topic_s_own_name_beats_a_person_s_surname(index):
    writer = make_writer("learned", index)  # it moves to the city; the memory holds both
    history = [
        ("who was jack paris?", "Jack Paris was an American lawyer; he was born in 1901."),
        ("what is the population of Paris?", PAGES["Paris"][0]),
    ]
    _, memory = converse(writer, history, "and who was he married to?")
    assert {"Jack Paris", "Paris"} <= {t.name for t in memory.topics}
    said = writer.context(memory).mentions("paris")
    assert [m.name for m in said] == ["Paris"]


def test_short_forms_and_places_by_region_are_found_as_names():
    assert shortens("utd", "united") and shortens("man", "manchester")
    assert not shortens("ma", "manchester") and not shortens("untd", "manchester")
    assert name_keys("Paris, Texas") == [
        ("paris", "texas"),
        ("paris", "in", "texas"),
        ("texas", "paris"),
    ]
    table = NameTable(["Manchester United F.C.", "New York"], short_forms=True)
    assert [m.name for m in table.short_forms("man utd won")] == ["Manchester United F.C."]
    assert table.short_forms("a man united them") == []  # after a determiner: common words
    assert table.short_forms("new york") == []  # the name itself, found by find()
    assert NameTable(["Manchester United F.C."]).short_forms("man utd won") == []
    assert short_form_of(("world", "war"), ("world", "war", "i")) == 0  # a numeral, no initials
    assert NameTable(["World War I"], short_forms=True).short_forms("during the world war") == []


def test_he_means_the_person_an_answer_named_not_the_film(writer):
    output, _ = converse(writer, AVATAR, "where was he born?")
    assert output.topic == "James Cameron"
    assert output.query == "where was James Cameron born?"


def test_a_question_that_refers_back_does_not_switch(writer):
    output, _ = converse(writer, APOLLO_11, "who was its commander on the moon?")
    assert output.topic == "Apollo 11"


@pytest.mark.parametrize(
    ("history", "final", "query"),
    [
        (APOLLO_11, "who was the commander?", "who was the commander Apollo 11?"),
        (CREW, "when was he born?", "when was Neil Armstrong born?"),
        (CREW, "what was his job before nasa?", "what was Neil Armstrong's job before nasa?"),
        (AVATAR, "how much did the film make?", "how much did the film Avatar make?"),
        (AVATAR, "how much did avatar make?", "how much did avatar make?"),
        # a ranking in a scope the question names asks about no topic of the conversation
        (APOLLO_11, "who was the second man on the moon", "who was the second man on the moon"),
        (CREW, "who was the first woman in space?", "who was the first woman in space?"),
    ],
)
def test_the_query_replaces_only_references(writer, history, final, query):
    output, _ = converse(writer, history, final)
    assert output.query == query


@given(st.text(max_size=300))
def test_relations_and_switch_leads_read_any_text(text):
    for relation, start, end in cues.relations(text):
        assert 0 <= start < end <= len(text)
        assert relation.relation in cues.RELATIONS | {"father", "mother", "parent", "sibling"}
    lead = cues.switch_lead(text)
    assert lead is None or 0 < lead <= len(text)


def _folded(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in plain if not unicodedata.combining(c))


WORDS = [
    "no", "nope", "wait", "actually", "i", "meant", "the", "other", "one", "wrong", "not",
    "next", "before", "original", "third", "2004", "12", "xlv", "iii", "apollo", "avatar",
    "rocky", "who", "when", "did", "he", "it", "directed", "Zorblax", "Quuxley", "french",
    "...", "-", ",", "?", "sorry", "hang", "on", "emily", "anne", "tarkovsky", "14",
    "his", "her", "older", "younger", "brother", "wife", "dad", "drummer", "switching", "to",
    "mad", "max", "sequel", "1979", "2015", "marie", "liverpool", "bezos", "is", ":",
    "60s", "90s", "ff7", "t2", "gta", "3", "thats", "back", "you", "mentioned", "guy", "ugh",
    "er", "mean", "pls", "go", "4", "games", "season", "first", "about", "what", "wasnt", ".",
    "th—", "≠", "isnt", "sister", "down", "up", "king", "kings", "ahead", "sixty", "four", "kid",
    "old", "man", "baby", "eldest", "k", "n", "said", "pretty", "sure", "love", "letter",
]  # fmt: skip


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=12), min_size=1, max_size=3))
def test_no_turn_makes_the_memory_hold_a_topic_nobody_said_and_no_page_has(index, turns):
    writer = make_writer("rules", index)
    texts = [" ".join(words) for words in turns]
    history = [*AVATAR, *((t, None) for t in texts[:-1])]
    _, memory = converse(writer, history, texts[-1])
    said = _folded(" ".join([q for q, _ in AVATAR] + [a for _, a in AVATAR] + texts))
    for topic in memory.topics:
        assert topic.name in TITLES or all(w in said for w in _folded(topic.name).split()), topic


@pytest.mark.parametrize(
    "final",
    [
        "i was asking about the 2004 one - where was it shot?",
        "no, the singaporean one, where was it shot?",
    ],
)
def test_a_correction_that_asks_after_a_dash_or_comma_asks_that(writer, final):
    output, _ = converse(writer, AVATAR, final)
    assert output.topic == "Avatar (2004 film)"
    assert output.query.startswith("where was") and "shot" in output.query  # not the old question
    assert "Avatar" in output.query


def test_a_repair_that_comes_back_after_all_keeps_the_answer(writer):
    final = "wrong one - the 2004 film... no, sorry, the cameron one after all"
    output, memory = converse(writer, AVATAR, final)
    assert output.topic == "Avatar (2009 film)"
    assert ops(output) == ["Refine(Avatar (2009 film))"]
    assert all(t.status is not Status.DROPPED for t in memory.topics)


def test_a_repair_that_comes_back_to_what_it_first_said(writer):
    final = (
        "no, i meant the singaporean one... wait, no, the other - sorry, the singapore one aftr all"
    )
    output, _ = converse(writer, AVATAR, final)
    assert output.topic == "Avatar (2004 film)"


@pytest.mark.parametrize("final", ["what About The Cast Of It", "tell Me more About it, please"])
def test_capitals_typed_at_random_are_not_names(writer, final):
    output, memory = converse(writer, AVATAR, final)
    assert output.topic == "Avatar (2009 film)"
    assert {t.name for t in memory.topics} <= TITLES


def test_a_correction_that_describes_by_what_the_page_says_is_not_a_named_switch(writer):
    history = [("who was on apollo 11?", "Neil Armstrong was the commander of Apollo 11.")]
    output, _ = converse(writer, history, "no, the one with lunar orbit in it")
    assert output.topic == "Michael Collins (astronaut)"


@pytest.mark.parametrize(
    "final",
    [
        "that isn't the one i wanted. the singaporean one please",
        "my question was about the 2004 one",
        "the cyberpunk one... not the cameron film",
    ],
)
def test_corrections_in_more_ordinary_wordings(writer, final):
    output, memory = converse(writer, AVATAR, final)
    assert output.topic == "Avatar (2004 film)"
    assert memory.topic("Avatar (2009 film)").status is Status.DROPPED


def test_the_other_one_is_the_other_of_the_pair_the_last_answer_named(writer):
    history = [
        ("who walked on the moon?", "Neil Armstrong was the first man on the Moon."),
        ("who else was on apollo 11?", "There are two: Buzz Aldrin and Michael Collins."),
        ("where did he grow up?", "Buzz Aldrin grew up in Montclair."),
    ]
    output, _ = converse(writer, history, "sorry, i meant the other one")
    assert output.topic == "Michael Collins (astronaut)"


def test_a_correction_by_the_year_in_a_title_and_a_new_question(writer):
    final = "wrong one, the one from 2004 - where was it shot?"
    output, _ = converse(writer, AVATAR, final)
    assert output.topic == "Avatar (2004 film)"
    assert output.query.startswith("where was") and "shot" in output.query


def test_a_title_of_common_words_is_no_one_s_surname(writer):
    output, _ = converse(writer, AVATAR, "wrong one... the singaporean one. tell me about its cast")
    assert output.topic == "Avatar (2004 film)"  # not a page "Stories We Tell" by "tell"


def test_a_place_in_a_pair_may_mean_the_topic_the_memory_holds(writer):
    history = [
        ("who walked on the moon?", "Neil Armstrong was the first man on the Moon."),
        (
            "where did he grow up?",
            "There are two: Buzz Aldrin and Neil Armstrong. For Buzz Aldrin: Montclair.",
        ),
    ]
    output, memory = converse(writer, history, "not what i meant - the last one you listed")
    assert output.topic == "Neil Armstrong"
    assert memory.topic("Neil Armstrong").status is Status.CURRENT


@pytest.mark.parametrize("final", ["no, i meant Michael Colins", "not him, Micheal Collins"])
def test_a_correction_by_a_misspelt_full_name_means_the_name_in_play(writer, final):
    history = [("who was on apollo 11?", "There are two: Buzz Aldrin and Michael Collins.")]
    output, _ = converse(writer, history, final)
    assert output.topic == "Michael Collins (astronaut)"


def test_the_other_one_after_all_is_the_other_of_the_two_the_turn_said(writer):
    final = "no, the singaporean one - no, sorry, the other one after all"
    output, _ = converse(writer, AVATAR, final)
    assert output.topic == "Avatar (2009 film)"
    assert ops(output) == ["Refine(Avatar (2009 film))"]


def test_the_one_that_has_to_do_with_a_named_page_is_not_that_page(writer):
    history = [("who was on apollo 11?", "Neil Armstrong was the commander of Apollo 11.")]
    final = "wrong one, the one that has to do with the command module"
    output, _ = converse(writer, history, final)
    assert output.topic == "Michael Collins (astronaut)"


def test_the_one_we_started_with_is_the_conversations_first_topic(writer):
    output, memory = converse(writer, CREW + AVATAR, "no, i meant the one we started with")
    assert output.topic == memory.topics[0].name  # the first turn's topic, as the writer took it
    assert output.topic in {"Neil Armstrong", "Apollo 11"}


def test_an_answer_that_says_which_one_it_answers_for_files_the_turn_there(writer):
    history = [
        ("who was on apollo 11?", "Neil Armstrong, Buzz Aldrin and Michael Collins."),
        ("where did he grow up?", "There are two: Neil Armstrong and Buzz Aldrin. For Buzz "
         "Aldrin: he grew up in Montclair."),
    ]  # fmt: skip
    output, memory = converse(writer, history, "no, the first one you listed")
    assert memory.nodes[1].topic == "Buzz Aldrin"  # the answer said so
    assert output.topic == "Neil Armstrong"
    assert memory.topic("Buzz Aldrin").status is Status.DROPPED


def test_a_correction_typed_in_random_capitals_names_no_page_by_them(writer):
    output, memory = converse(writer, AVATAR, "Wrong One, The Singaporean One Is What i Meant")
    assert output.topic == "Avatar (2004 film)"
    assert {t.name for t in memory.topics} <= TITLES


def test_the_other_person_is_a_person(writer):
    history = [
        ("who directed avatar?", "Avatar (2009 film) was directed by James Cameron."),
        ("when did apollo 11 land?", "Apollo 11 landed on the Moon on July 20, 1969."),
        ("who was its commander?", "Neil Armstrong was its commander."),
    ]
    output, _ = converse(writer, history, "wrong person. the other person")
    assert output.topic not in {"Apollo 11", "Avatar (2009 film)", "Avatar (2004 film)"}


def test_a_misspelt_title_is_the_one_title_it_is_closest_to():
    table = NameTable(["Super Mario Galaxy", "Super Mario Bros.", "Mario", "Småland"])
    assert table.closest("Super Mario Galixy", 0.85) == "Super Mario Galaxy"
    assert table.closest("Smalaid", 0.85) == "Småland"
    assert table.closest("Smallville", 0.85) is None  # too far
    assert table.closest("Galaxy", 0.85) is None  # another word count, another first letter
    twins = NameTable(["Rocky II", "Rocky IV"])
    assert twins.closest("Rocky IX", 0.8) is None  # as close to both: no guess


@pytest.mark.parametrize("said", ["Andrei Tarkofsky", "Christopher Nolen"])
def test_a_correction_to_a_misspelt_page_title(writer, said):
    history = [("who directed solaris?", "Solaris (2002 film) was directed by Steven Soderbergh.")]
    output, _ = converse(writer, history, f"no, i meant {said}")
    assert output.topic in TITLES  # never the misspelling itself
    assert output.topic.startswith(said.split()[0])


def test_the_other_one_after_a_person_is_the_other_person(writer):
    history = [*CREW, *APOLLO_11, ("who is buzz aldrin?", PAGES["Buzz Aldrin"][0])]
    output, _ = converse(writer, history, "no no, the other one")
    assert output.topic == "Neil Armstrong"  # not Apollo 11, the topic in between


def test_the_other_film_is_a_film_of_the_conversation(writer):
    history = [
        *AVATAR,
        ("who is james cameron?", PAGES["James Cameron"][0]),
        ("who does rocky fight in rocky ii?", PAGES["Rocky II"][0]),
    ]
    output, _ = converse(writer, history, "no, the other film")
    assert output.topic == "Avatar (2009 film)"  # not the director between them


@pytest.mark.parametrize(
    ("final", "topic"),
    [("back to the first film we discussed: who starred in it?", "Avatar (2009 film)"),
     ("about the previous topic again, who did he fight?", "Rocky"),
     ("ok and where did the one from my first question grow up", "Avatar (2009 film)"),
     ("where did the first person i asked about grow up", "Neil Armstrong")],
)  # fmt: skip
def test_a_return_by_its_place_in_the_conversation(writer, final, topic):
    history = [
        *AVATAR,
        ("who does rocky fight in rocky ii?", PAGES["Rocky II"][0]),
        *CREW,
    ]
    output, _ = converse(writer, history, final)
    assert output.topic.startswith(topic)  # the rule writer took "rocky ii" up as "Rocky"


def test_i_asked_about_corrects_unless_a_question_asks_with_it():
    assert cues.is_correction("i asked about the 2004 one")
    assert not cues.is_correction("where did the first director i asked about die?")


def test_a_question_about_another_member_of_the_family_by_its_place(writer):
    history = [("who played mickey in rocky?", PAGES["Rocky"][0])]
    output, memory = converse(writer, history, "what happens to mickey in the third one")
    assert output.topic == "Rocky III"
    assert memory.topic("Rocky").status is Status.DROPPED  # the value changed, as "3 not 1"
    assert "mickey" in output.query


MAD_MAX = "who directed the 1979 mad max?"
FURY_ROAD = "who directed mad max: fury road?"


@pytest.mark.parametrize(
    ("seen", "question", "final", "meant"),
    [
        ("Mad Max (1979 film)", MAD_MAX, "and the sequel?", "Mad Max 2"),
        ("Mad Max 2", "who directed mad max 2?", "and in the 2015 one", "Mad Max: Fury Road"),
        ("Mad Max: Fury Road", FURY_ROAD, "the original, when was that", "Mad Max (1979 film)"),
        ("Mad Max (1979 film)", MAD_MAX, "ok and the third one", "Mad Max: Fury Road"),
    ],
)
def test_a_value_revision_in_a_series_its_titles_do_not_number(
    writer, seen, question, final, meant
):
    output, memory = converse(writer, [(question, PAGES[seen][0])], final)
    assert output.topic == meant  # ordered by the year each page opens with; no franchise page
    assert memory.topic(seen).status is Status.DROPPED


def test_a_series_is_the_works_of_one_kind_whose_titles_open_with_one_name():
    openings = {
        "Alien (film)": Opening("film", 1979),
        "Aliens (film)": Opening("film", 1986),
        "Alien 3": Opening("movie", 1992),
        "Alien (franchise)": Opening("franchise", 1979),
        "Alien (novel)": Opening("novel", 1976),
        "Alien Nation": Opening("film", 1986),  # a second work of 1986: no order to go by
        "Apollo 11": Opening("spaceflight", 1969),
        "Apollo 12": Opening("spaceflight", 1969),
    }
    siblings = Siblings(openings, openings.get)
    assert [m.title for m in siblings.family("Apollo 12")] == ["Apollo 11", "Apollo 12"]
    assert siblings.family("Alien (film)") == ()
    del openings["Alien Nation"]
    siblings = Siblings(openings, openings.get)
    assert [m.title for m in siblings.family("Aliens (film)")] == [
        "Alien (film)", "Aliens (film)", "Alien 3"
    ]  # fmt: skip
    assert siblings.moved("Alien 3", "and the one before") == "Aliens (film)"
    assert siblings.moved("Alien (film)", "the 86 one") == "Aliens (film)"
    assert siblings.family("Alien (novel)") == ()  # no other novel
    assert Siblings(openings).family("Aliens (film)") == ()  # no openings, no series
    assert siblings.moved("Alien (novel)", "the 1986 one") is None  # no namesake of 1986
    assert siblings.moved("Alien (novel)", "the one from 1979") is None  # film or franchise
    del openings["Alien (franchise)"]
    assert Siblings(openings, openings.get).moved("Alien (novel)", "1979?") == "Alien (film)"


@pytest.mark.parametrize(
    ("final", "meant"),
    [
        ("and the one from 1972?", "Solaris (1972 film)"),
        ("ok the 2002 one?", "Solaris (2002 film)"),
    ],
)
def test_a_value_revision_to_a_namesake_of_another_kind_by_its_year(writer, final, meant):
    output, memory = converse(writer, [("who wrote solaris?", PAGES["Solaris (novel)"][0])], final)
    assert output.topic == meant
    assert memory.topic("Solaris (novel)").status is Status.DROPPED  # the value changed


def test_a_year_the_topic_has_itself_moves_to_no_namesake():
    openings = {"Hamlet (1948 film)": Opening("film", 1948), "Hamlet": Opening("film", 1948)}
    assert Siblings(openings, openings.get).moved("Hamlet (1948 film)", "the 1948 one") is None


def test_a_self_repair_that_first_describes_by_a_name_an_answer_said(writer):
    history = [*AVATAR, ("who does rocky fight in rocky ii?", "Rocky fights Apollo Creed again.")]
    final = "the one where you mentioned james - no wait, rocky... no, the film with cameron"
    output, memory = converse(writer, history, final)
    assert output.topic == "Avatar (2009 film)"
    assert memory.topic("James Cameron") is None  # described by, never asked about


def test_a_name_casefolded_is_spelled_as_the_table_knows_it():
    table = NameTable(["Avatar (2009 film)", "Avatar (2004 film)", "AVATAR"])
    assert table.spelled("avatar (2004 film)") == "Avatar (2004 film)"
    assert table.spelled("avatar") == "AVATAR"
    assert table.spelled("avatar (2022 film)") == "avatar (2022 film)"  # no such page
    table.add("Avatar (2022 film)")
    assert table.spelled("avatar (2022 film)") == "Avatar (2022 film)"


@pytest.mark.parametrize(
    ("question", "answer", "final", "meant"),
    [
        ("how big is paris?", PAGES["Paris"][0], "lol the town in texas", "Paris, Texas"),
        ("which gallagher sang?", PAGES["Liam Gallagher"][0], "the older one", "Noel Gallagher"),
        ("which gallagher sang?", PAGES["Noel Gallagher"][0], "the younger one i said",
         "Liam Gallagher"),
    ],
)  # fmt: skip
def test_a_turn_that_only_describes_the_one_meant_corrects_the_answer(
    writer, question, answer, final, meant
):
    output, memory = converse(writer, [(question, answer)], final)
    assert output.topic == meant
    assert any(t.status is Status.DROPPED for t in memory.topics)  # the one answered for


def test_a_description_that_asks_is_no_correction():
    assert cues.described_only("the town in texas?") == ("town", "")
    assert cues.described_only("lol the older one") == ("one", "older")
    assert cues.described_only("the singer obviously lol") == ("singer", "")
    assert cues.described_only("the town is in texas") is None
    assert cues.described_only("the town where he was born, when was it founded") is None
    assert cues.described_only("tell me about the town") is None
    assert cues.described_only("the island!!") == ("island", "")


def test_a_correction_by_a_role_means_the_person_the_question_named(writer):
    history = [("where was ringo born", PAGES["George Harrison"][0])]
    output, _ = converse(writer, history, "the drummer")
    assert output.topic == "Ringo Starr"


@pytest.mark.parametrize(
    ("text", "split"),
    [
        ("who won it in 1990 err 98 i mean", ("who won it in 1990", "98")),
        ("where was it in 94, or no... 98 i mean", ("where was it in 94", "98 i mean")),
        ("what uh year was it", None),  # a hesitation, and nothing meant instead
        ("is he the drummer, or not", None),
    ],
)  # fmt: skip
def test_a_repair_after_a_hesitation_or_an_or_no(text, split):
    assert cues.repair_split(text) == split


def test_a_self_repair_drops_the_relative_it_first_asked_about(writer):
    history = [("who is liam gallagher", PAGES["Liam Gallagher"][0])]
    final = "where was his older brother born, no sorry, where was he born"
    output, memory = converse(writer, history, final)
    assert output.topic == "Liam Gallagher"
    assert memory.topic("Noel Gallagher").status is Status.DROPPED


def test_a_family_member_named_by_its_own_words():
    openings = {
        "Mad Max (1979 film)": Opening("film", 1979),
        "Mad Max 2": Opening("film", 1981),
        "Mad Max: Fury Road": Opening("film", 2015),
    }
    siblings = Siblings(openings, openings.get)
    assert siblings.moved("Mad Max (1979 film)", "and fury road?") == "Mad Max: Fury Road"
    assert siblings.moved("Mad Max 2", "where was the road filmed") is None  # "fury" unsaid


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("four. and what games were exclusive to it", [4]),
        ("no, three", [3]),
        ("part two", [2]),
        ("four of them", []),  # a count
        ("two players", []),
    ],
)
def test_a_number_word_alone_is_a_value(text, values):
    assert said_values(text) == values


def test_a_role_means_the_person_in_play_whose_page_gives_it(writer):
    history = [
        ("who are queen?", PAGES["Queen (band)"][0]),
        ("who played the guitar?", PAGES["Brian May"][0]),
    ]
    output, _ = converse(writer, history, "where was the drummer born")
    assert output.topic == "Roger Taylor"
    assert output.query == "where was the drummer Roger Taylor born"


def test_asking_who_has_a_role_is_no_reference_to_that_person(writer):
    history = [("who are queen?", PAGES["Queen (band)"][0])]
    output, _ = converse(writer, history, "who was the drummer")
    assert output.topic == "Queen (band)"


@pytest.mark.parametrize(
    ("text", "index"),
    [("the one you named first", 1), ("the person u listed second", 2), ("the last one", -1)],
)
def test_a_list_position_with_its_ordinal_after_what_the_answer_did(text, index):
    assert cues.final_position(text).index == index
    assert cues.position_phrase(f"no, {text}") == text


def test_the_other_of_a_pair_of_namesakes_an_answer_wrote_is_no_crash(writer):
    answer = "There are two: Solaris (1972 film) and Solaris (2002 film)."
    output, _ = converse(writer, [("which solaris films are there", answer)], "no, the other one")
    assert output.topic.startswith("Solaris")


@pytest.mark.parametrize(
    ("history", "final", "meant", "rejected"),
    [
        (
            [("when was gallagher born", "Liam Gallagher was born in Manchester in 1972.")],
            "noel",
            "Noel Gallagher",
            "Liam Gallagher",
        ),
        (
            [("what did harrison play", "Ringo Starr was the drummer of the Beatles.")],
            "harrison not starr",
            "George Harrison",
            "Ringo Starr",
        ),
    ],
)
def test_a_turn_that_only_names_again_whom_the_question_meant_corrects(
    writer, history, final, meant, rejected
):
    output, memory = converse(writer, history, final)
    assert output.topic == meant
    assert memory.topic(rejected).status is Status.DROPPED
    assert ops(output)[0] == f"Abandon({rejected})"
    asked = history[0][0].split()
    assert all(word in output.query.casefold() for word in (asked[0], asked[-1]))


def test_a_name_after_a_question_that_singled_out_the_answer_asks_about_it(writer):
    history = [("when was liam gallagher born", "Liam Gallagher was born in 1972.")]
    output, memory = converse(writer, history, "and noel")
    assert output.topic == "Noel Gallagher"
    assert memory.topic("Liam Gallagher").status is not Status.DROPPED


HALO = {
    "Halo: Combat Evolved": ["Halo: Combat Evolved is a 2001 first-person shooter game by Bungie."],
    "Halo 2": ["Halo 2 is a 2004 first-person shooter game developed by Bungie for the Xbox."],
    "Halo 3": ["Halo 3 is a 2007 first-person shooter game that ends the Covenant war."],
    "Halo: Reach": ["Halo: Reach is a 2010 first-person shooter game developed by Bungie."],
    "Halo 4": ["Halo 4 is a 2012 first-person shooter game developed by 343 Industries."],
}


@pytest.fixture(scope="module", params=["rules", "learned"])
def halo_writer(request):
    return make_writer(request.param, index_of(HALO))


@pytest.mark.parametrize(
    ("asked", "answer", "final", "meant"),
    [
        ("when did halo 3 come out", "Halo 3 came out in 2007.", "and the next one", "Halo: Reach"),
        ("when did halo reach come out", "Halo: Reach came out in 2010.", "skip to 4", "Halo 4"),
        ("who made halo reach", "Halo: Reach was made by Bungie.", "the one before", "Halo 3"),
        ("who made halo 3", "Halo 3 was made by Bungie.", "how about 2001", "Halo: Combat Evolved"),
        ("who made halo 3", "Halo 3 was made by Bungie.", "go back one game", "Halo 2"),
        ("who made halo 2", "Halo 2 was made by Bungie.", "skip ahead one", "Halo 3"),
    ],
)
def test_a_series_with_numbered_and_named_parts_moves_in_order_of_years(
    halo_writer, asked, answer, final, meant
):
    output, memory = converse(halo_writer, [(asked, answer)], final)
    assert output.topic == meant
    assert memory.topic(meant).status is Status.CURRENT


def test_a_year_alone_moves_to_the_relative_born_in_it(writer):
    history = [("which gallagher was born in 1972", "Liam Gallagher was born in 1972.")]
    output, memory = converse(writer, history, "and 1967?")
    assert output.topic == "Noel Gallagher"
    assert memory.topic("Liam Gallagher").status is Status.DROPPED
    assert "1967" in output.query and "1972" not in output.query


def test_a_question_with_a_year_of_its_own_changes_no_person(writer):
    history = [("when was liam gallagher born", "Liam Gallagher was born in 1972.")]
    output, _ = converse(writer, history, "what did he release in 1967?")
    assert output.topic == "Liam Gallagher"


@pytest.mark.parametrize(
    ("history", "final", "meant", "rejected", "asked"),
    [
        (AVATAR, "the low budget film!! who was in the cast", "Avatar (2004 film)",
         "Avatar (2009 film)", "cast"),
        (
            [("where was collins born", "Michael Collins (Irish leader) was born in Cork.")],
            "nah the astronaut guy",
            "Michael Collins (astronaut)",
            "Michael Collins (Irish leader)",
            "born",
        ),
    ],
)  # fmt: skip
def test_a_description_alone_or_before_a_new_question_corrects(
    writer, history, final, meant, rejected, asked
):
    output, _ = converse(writer, history, final)
    assert output.topic == meant
    assert ops(output)[0].startswith(f"Abandon({strip_qualifier(rejected)}")
    assert asked in output.query


def test_a_description_before_a_comma_and_a_question_asks_about_it(writer):
    history = [("who played in queen", "Queen are a British rock band: Brian May, Roger Taylor.")]
    output, _ = converse(writer, history, "the drummer, where was he born")
    assert not any(op.startswith("Abandon") for op in ops(output))


def test_a_role_of_a_work_nobody_named_is_asked_of_the_work(writer):
    history = [("what is stories we tell", "It is a 2012 Canadian documentary.")]
    output, _ = converse(writer, history, "what else did the director make")
    assert output.topic == "Stories We Tell"
    assert output.query == "what else did the director of Stories We Tell make"


@pytest.mark.parametrize(
    ("final", "query"),
    [
        ("where was she born", "where was Sarah Polley born"),
        ("did she win an award for it", "did Sarah Polley win an award for Stories We Tell"),
    ],
)
def test_he_or_she_after_an_answer_about_a_work_means_the_person_it_named(writer, final, query):
    history = [("what is stories we tell", "It is a 2012 documentary film by Sarah Polley.")]
    output, _ = converse(writer, history, final)
    assert output.topic == "Stories We Tell"
    assert output.query == query


def test_a_subtitle_said_alone_names_its_page(writer):
    output, _ = converse(writer, AVATAR, "who directed fury road")
    assert output.topic == "Mad Max: Fury Road"
    output, memory = converse(writer, AVATAR, "when did fury road come out... no wait, mad max 2")
    assert output.topic == "Mad Max 2"
    assert memory.topic("Mad Max: Fury Road").status is Status.DROPPED


def test_a_correction_by_what_the_one_meant_did_is_no_name(writer):
    output, memory = converse(writer, AVATAR, "no i meant the one that was shot in Singapore")
    assert output.topic == "Avatar (2004 film)"
    assert memory.topic("Avatar (2009 film)").status is Status.DROPPED


@pytest.mark.parametrize(
    ("history", "final", "query"),
    [
        ([("where was brian may born", PAGES["Brian May"][0])], "and roger taylor?",
         "where was roger taylor born"),
        (CREW, "and before that?", "where did Neil Armstrong grow up before that"),
    ],
)  # fmt: skip
def test_an_elliptic_turn_is_asked_as_the_last_question_was(writer, history, final, query):
    output, _ = converse(writer, history, final)
    assert output.query == query


def test_an_elliptic_turn_on_the_same_topic_swaps_no_subject(writer):
    history = [("what did george harrison play", PAGES["George Harrison"][0])]
    output, _ = converse(writer, history, "and the sitar")
    assert output.topic == "George Harrison"
    assert "sitar" in output.query and "did the sitar" not in output.query
