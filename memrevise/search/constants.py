"""The paper's search constants, in one place: the stages' defaults and
:class:`~memrevise.search.SearchConfig`'s."""

DEPTH = 100  # passages each fused query retrieves
TEMPLATE_TOPIC_WEIGHT = 2.0  # the template's topic tokens weigh twice the question's
TEMPLATE_WEIGHT = 1.0  # the template query's weight in the fusion
WRITER_WEIGHT = 1.0  # the writer's query's weight in the fusion
TITLE_BOOST = 1.5  # the title prior's gain for the final topic's page
FACTS_BOOST = 1.0  # the facts vote's gain for the winning page
VOTE_DEPTH = 20  # passages that vote in a facts vote
FACTS_LAST = 3  # pooled: the latest nodes about the topic whose facts form one search
FACTS_FALLBACK = 30  # with no node about the topic, the latest nodes with facts that vote
EXCLUSION_PENALTY = 1.5  # the rejected same-name page's loss
EXCLUSION_BOOST = 1.5  # the other same-name pages' gain
EXCLUSION_LAST = 3  # the latest earlier nodes whose facts find the rejected page
DROPPED_MARGIN = 0.01  # how far below the topic's lowest passage a dropped topic's passages go
REPAIR_DEPTH = 20  # passages that vote in topic repair
NUMBER_MAX_WORDS = 12  # the longest final turn the number rule reads
