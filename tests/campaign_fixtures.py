"""Made-up corpora and helpers shared by the campaign tests and the campaign benchmark."""

from __future__ import annotations

import stat
from pathlib import Path

from lexsub_studio.core.io.formats.corpus_writer import corpus_to_xml
from lexsub_studio.core.model.data import Corpus, Instance, Lexelt

_WORDS = {"bright.a": "bright", "charge.n": "charge", "settle.v": "settle", "pale.a": "pale"}


def made_up_corpus(per_lexelt: int) -> tuple[Corpus, str]:
    """A corpus of ``per_lexelt`` sentences for each of four targets, and its XML."""
    lexelts = []
    for offset, (item, word) in enumerate(_WORDS.items()):
        instances = []
        for number in range(offset * per_lexelt + 1, (offset + 1) * per_lexelt + 1):
            left = f"Sentence {number} about the "
            context = f"{left}{word} thing we wrote for the tests ."
            instances.append(Instance(str(number), context, len(left), len(left) + len(word)))
        lexelts.append(Lexelt(item, instances))
    corpus = Corpus(lexelts)
    return corpus, corpus_to_xml(corpus)


ORGANISER_PASSWORD = "Organiser-Secret-4711"


def set_up_server(server, tmp_path: Path, organiser: str, database: str,
                  password: str = ORGANISER_PASSWORD) -> str:
    """The one-time setup exactly as docs/campaign.md gives it: ``lexsub campaign
    server-setup`` writes the script, the superuser runs it with psql. The organiser's URL."""
    from lexsub_studio.cli.main import main

    password_file = tmp_path / f"{organiser}.password"
    password_file.write_text(password + "\n", encoding="utf-8")
    script = tmp_path / f"{organiser}-setup.sql"
    assert main(["campaign", "server-setup", "--organiser", organiser, "--database", database,
                 "--password-file", str(password_file), "-o", str(script)]) == 0
    assert stat.S_IMODE(script.stat().st_mode) == 0o600
    assert password not in script.read_text(encoding="utf-8")
    ran = server.run_script(script)
    assert ran.returncode == 0, ran.stderr
    return server.url(organiser, password, database)
