"""A corpus never makes the reader open a file outside it: not the file a DOCTYPE names, not a
stray DTD in the current folder, not a FIFO that would block; and an element with a huge
number of attributes is refused quickly instead of being read in quadratic time."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.io.formats.corpus_reader import MAX_ATTRIBUTES
from lexsub_studio.core.io.formats.corpus_xml import read_corpus, read_corpus_bytes
from lexsub_studio.core.model.diagnostics import InputError

_BODY = ('<corpus lang="english">\n<lexelt item="lamp.n">\n<instance id="7">\n'
         "<context>She switched on the <head>lamp</head> by the bed .</context>\n"
         "</instance>\n</lexelt>\n</corpus>\n")


def _corpus_naming(system_id: str) -> bytes:
    return f'<?xml version="1.0"?>\n<!DOCTYPE corpus SYSTEM "{system_id}">\n{_BODY}'.encode()


def _assert_read_normally(data: bytes) -> None:
    result = read_corpus_bytes(data, "named.xml")
    instance = result.corpus.lexelts[0].instances[0]
    assert instance.context[instance.head_start:instance.head_end] == "lamp"
    assert not result.diagnostics.errors


def test_a_doctype_naming_a_local_file_does_not_read_it(tmp_path: Path) -> None:
    # Not a DTD at all: if the parser opened it, it would fail on its content.
    named = tmp_path / "accounts"
    named.write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    _assert_read_normally(_corpus_naming(str(named)))
    _assert_read_normally(_corpus_naming(named.as_uri()))


def test_a_stray_lexsub_dtd_in_the_current_folder_is_not_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lexsub.dtd").write_text("this is not a DTD <<<\n", encoding="utf-8")
    corpus = tmp_path / "trial.xml"
    corpus.write_bytes(_corpus_naming("lexsub.dtd"))
    result = read_corpus(corpus)
    assert len(result.corpus.lexelts[0].instances) == 1
    assert result.corpus.doctype == '<!DOCTYPE corpus SYSTEM "lexsub.dtd">'
    assert main(["validate", str(corpus)]) == 0


def test_a_dtd_that_would_add_attributes_is_not_applied(tmp_path: Path) -> None:
    dtd = tmp_path / "defaults.dtd"
    dtd.write_text('<!ATTLIST instance planted CDATA "from-the-dtd">\n', encoding="utf-8")
    result = read_corpus_bytes(_corpus_naming(str(dtd)), "named.xml")
    assert result.corpus.lexelts[0].instances[0].attributes == {}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs need a POSIX system")
def test_a_doctype_naming_a_fifo_neither_opens_it_nor_hangs(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    outcome: list[object] = []

    def read() -> None:
        try:
            outcome.append(read_corpus_bytes(_corpus_naming(str(fifo)), "named.xml"))
        except Exception as error:  # reported below; a thread must not swallow it silently
            outcome.append(error)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=10)
    opened = reader.is_alive()
    if opened:
        # The parser is blocked opening the FIFO for reading: give it a writer and an end of
        # file, so that the thread ends, then fail.
        writer = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        os.close(writer)
        reader.join(timeout=10)
    assert not opened, "the reader opened the FIFO the DOCTYPE names"
    assert len(outcome) == 1 and not isinstance(outcome[0], BaseException), outcome


def _instance_with_attributes(count: int) -> bytes:
    attributes = " ".join(f'a{number}="v{number}"' for number in range(count))
    return (f'<corpus><lexelt item="lamp.n">\n<instance id="1" {attributes}>'
            "<context>the <head>lamp</head></context></instance></lexelt></corpus>").encode()


@pytest.mark.slow
def test_an_element_with_too_many_attributes_is_refused_quickly() -> None:
    started = time.perf_counter()
    with pytest.raises(InputError) as raised:
        read_corpus_bytes(_instance_with_attributes(200_000), "wide.xml")
    elapsed = time.perf_counter() - started
    diagnostic = raised.value.diagnostic
    assert (diagnostic.code, diagnostic.path, diagnostic.line) == ("too-many-attributes",
                                                                  "wide.xml", 2)
    assert "200,001" in diagnostic.message and f"{MAX_ATTRIBUTES:,}" in diagnostic.message
    assert elapsed < 10  # the quadratic reading took minutes


@pytest.mark.parametrize("element", ["corpus", "lexelt"])
def test_too_many_attributes_on_corpus_or_lexelt_are_refused(element: str) -> None:
    attributes = " ".join(f'x{number}="1"' for number in range(MAX_ATTRIBUTES + 1))
    data = _BODY.replace(f"<{element} ", f"<{element} {attributes} ", 1).encode()
    with pytest.raises(InputError) as raised:
        read_corpus_bytes(data, "wide.xml")
    assert raised.value.diagnostic.code == "too-many-attributes"


def test_many_attributes_within_the_limit_are_all_kept_with_their_values() -> None:
    count = MAX_ATTRIBUTES - 1  # with the id: exactly the limit
    attributes = " ".join(f'a{n}="v &amp; {n}&#10;"' for n in range(count))
    data = (f'<corpus><lexelt item="lamp.n"><instance id="1" {attributes}>'
            "<context>the <head>lamp</head></context></instance></lexelt></corpus>").encode()
    kept = read_corpus_bytes(data).corpus.lexelts[0].instances[0].attributes
    assert list(kept) == [f"a{n}" for n in range(count)]
    assert all(kept[f"a{n}"] == f"v & {n}\n" for n in range(count))


def test_a_long_ignored_attribute_list_is_shortened_in_its_note() -> None:
    attributes = " ".join(f'x{number}="1"' for number in range(50))
    result = read_corpus_bytes(_BODY.replace("<corpus ", f"<corpus {attributes} ").encode())
    note = next(d for d in result.diagnostics if d.code == "ignored-attributes")
    assert "x0, x1" in note.message and "and 40 more" in note.message
    assert "x49" not in note.message
