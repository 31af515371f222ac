"""Hostile and damaged annotator packages: limits, damaged members, manifest types, names.

The limits are made small here (monkeypatched), so nothing large is ever allocated.
"""

from __future__ import annotations

import json
import random
import struct
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.cli.main import main
from lexsub_studio.core.annotation import package as annotator_package
from lexsub_studio.core.annotation import package_archive
from lexsub_studio.core.annotation.campaign.plan import assign, parse_annotators, read_campaign
from lexsub_studio.core.annotation.package import (
    AnnotatorPackage,
    read_guidelines_file,
    read_package,
    write_package,
)
from lexsub_studio.core.annotation.package_manifest import PACKAGE_FORMAT, PackageContentError
from lexsub_studio.core.model.data import Corpus, Instance, Lexelt
from lexsub_studio.core.model.diagnostics import InputError

CORPUS_XML = ('<?xml version="1.0" encoding="utf-8"?>\n<corpus lang="english">\n'
              '<lexelt item="bright.a">\n<instance id="1">\n'
              '<context>A <head>bright</head> day .</context>\n</instance>\n</lexelt>\n</corpus>\n')
TRAINING_XML = CORPUS_XML.replace('"bright.a"', '"warm.a"').replace('"1"', '"t1"')


def _manifest(**changes: object) -> str:
    manifest: dict[str, object] = {"format": PACKAGE_FORMAT, "version": 1, "title": "Round",
                                   "annotator": "Ann Lee", "show_pos": False,
                                   "guidelines": "guidelines.md", "training": []}
    manifest.update(changes)
    return json.dumps(manifest)


def _zip(path: Path, members: list[tuple[str, str]],
         compression: int = zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", compression=compression) as archive:
        for name, text in members:
            archive.writestr(name, text)
    return path


def _package(path: Path, manifest: str | None = None, guidelines: str = "# Be brief.",
             compression: int = zipfile.ZIP_DEFLATED) -> Path:
    return _zip(path, [("manifest.json", manifest or _manifest()), ("corpus.xml", CORPUS_XML),
                       ("guidelines.md", guidelines)], compression)


def _patch_headers(path: Path, member: str, offset_local: int, offset_central: int,
                   value: bytes) -> None:
    """Overwrite one field of ``member`` in both its local header and its directory entry."""
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        local = archive.getinfo(member).header_offset
    data[local + offset_local:local + offset_local + len(value)] = value
    at = data.find(b"PK\x01\x02")
    while at >= 0:
        name_length = struct.unpack("<H", data[at + 28:at + 30])[0]
        if data[at + 46:at + 46 + name_length] == member.encode():
            data[at + offset_central:at + offset_central + len(value)] = value
        at = data.find(b"PK\x01\x02", at + 4)
    path.write_bytes(bytes(data))


def _refused(path: Path) -> InputError:
    with pytest.raises(InputError) as caught:
        read_package(path)
    return caught.value


# -- members read within limits ------------------------------------------------------------------


def test_a_member_larger_than_its_limit_is_refused_before_it_is_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(annotator_package, "MAX_CORPUS_BYTES", 100)
    error = _refused(_package(tmp_path / "big.lexsubpkg"))
    diagnostic = error.diagnostic
    assert diagnostic.code == "package-member-too-large"
    assert diagnostic.path == f"{tmp_path / 'big.lexsubpkg'}!corpus.xml"
    assert f"declares {len(CORPUS_XML.encode()):,} bytes" in diagnostic.message


def test_a_member_that_expands_beyond_what_it_declares_is_stopped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A member that claims 100 bytes and holds more: its bytes are counted as they come out.
    monkeypatch.setattr(package_archive, "READ_BLOCK_BYTES", 16)
    path = _package(tmp_path / "liar.lexsubpkg")
    _patch_headers(path, "corpus.xml", 22, 24, struct.pack("<I", 100))
    error = _refused(path)
    assert error.diagnostic.code == "package-member-damaged"
    assert error.diagnostic.path.endswith("liar.lexsubpkg!corpus.xml")


def test_too_large_guidelines_open_the_package_with_a_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(annotator_package, "MAX_GUIDELINES_BYTES", 1000)
    path = _package(tmp_path / "bomb.lexsubpkg", guidelines="\0" * 50_000)
    result = read_package(path)
    assert result.package.guidelines is None
    assert [d.code for d in result.diagnostics] == ["package-member-too-large"]
    assert "default guidelines are shown" in result.diagnostics.items[0].message


def test_packages_check_does_not_read_the_guidelines(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "round"
    folder.mkdir()
    path = _package(folder / "ann.lexsubpkg", guidelines="Be brief " * 20,
                    compression=zipfile.ZIP_STORED)
    # Damage the guidelines: only a reader that opens them would notice.
    path.write_bytes(path.read_bytes().replace(b"Be brief Be", b"Be brief BE", 1))
    # The app reads them, and warns; the check has no use for them and never opens them.
    assert [d.code for d in read_package(path).diagnostics] == ["package-member-damaged"]
    assert read_campaign(folder).given == {"Ann Lee": [("bright.a", "1")]}
    assert list(read_campaign(folder).diagnostics) == []
    responses = tmp_path / "ann.tsv"
    responses.write_text("# lexsub-responses 1\nlexelt\tid\tannotator\tsub1\tsub2\tsub3\t"
                         "multiword\tnil\tproper_name\tcomment\tseconds\n"
                         "bright.a\t1\tAnn Lee\tsunny\t\t\t\t0\t0\t\t\n", encoding="utf-8")
    assert main(["packages", "check", str(folder), str(responses)]) == 0
    assert "Ann Lee" in capsys.readouterr().out


@pytest.mark.parametrize(("field", "value", "code", "words"), [
    ("flag", struct.pack("<H", 0x1), "package-member-encrypted", "encrypted"),
    ("method", struct.pack("<H", 9), "package-member-unsupported", "method 9"),
])
def test_encrypted_and_unsupported_members_are_refused(tmp_path: Path, field: str, value: bytes,
                                                       code: str, words: str) -> None:
    path = _package(tmp_path / "odd.lexsubpkg")
    local, central = {"flag": (6, 8), "method": (8, 10)}[field]
    _patch_headers(path, "corpus.xml", local, central, value)
    diagnostic = _refused(path).diagnostic
    assert (diagnostic.code, diagnostic.path) == (code, f"{path}!corpus.xml")
    assert words in diagnostic.message


def test_a_bad_checksum_is_one_message_naming_the_package(tmp_path: Path) -> None:
    path = _package(tmp_path / "crc.lexsubpkg", compression=zipfile.ZIP_STORED)
    path.write_bytes(path.read_bytes().replace(b"<head>bright", b"<head>brighT", 1))
    diagnostic = _refused(path).diagnostic
    assert (diagnostic.code, diagnostic.path) == ("package-member-damaged",
                                                  f"{path}!corpus.xml")
    assert "checksum" in diagnostic.message and "CRC-32" not in diagnostic.message


def test_a_member_given_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "twice.lexsubpkg"
    with pytest.warns(UserWarning, match="Duplicate name"):
        _zip(path, [("manifest.json", _manifest()), ("corpus.xml", CORPUS_XML),
                    ("corpus.xml", CORPUS_XML.replace('"1"', '"2"'))])
    diagnostic = _refused(path).diagnostic
    assert (diagnostic.code, diagnostic.path) == ("bad-package", str(path))
    assert "corpus.xml more than once" in diagnostic.message


def test_a_directory_too_large_to_load_is_refused_before_loading(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(package_archive, "MAX_MEMBERS", 3)
    path = _zip(tmp_path / "many.lexsubpkg",
                [("manifest.json", _manifest()), ("corpus.xml", CORPUS_XML),
                 *((f"folder/{n}", "") for n in range(5))])
    opened: list[object] = []
    monkeypatch.setattr(zipfile, "ZipFile", lambda *a, **k: opened.append(a))
    diagnostic = _refused(path).diagnostic
    assert diagnostic.code == "bad-package" and "lists 7 members" in diagnostic.message
    assert opened == []


def test_a_zip64_archive_is_refused_before_its_directory_is_loaded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _package(tmp_path / "z64.lexsubpkg")
    data = bytearray(path.read_bytes())
    end = data.rfind(b"PK\x05\x06")
    # The counts a ZIP64 archive puts in its classic end record: "look in the ZIP64 record".
    data[end + 8:end + 12] = b"\xff\xff\xff\xff"
    path.write_bytes(bytes(data))
    opened: list[object] = []
    monkeypatch.setattr(zipfile, "ZipFile", lambda *a, **k: opened.append(a))
    diagnostic = _refused(path).diagnostic
    assert diagnostic.code == "bad-package" and "ZIP64" in diagnostic.message
    assert opened == []


def test_not_a_regular_file(tmp_path: Path) -> None:
    folder = tmp_path / "looks.lexsubpkg"
    folder.mkdir()
    assert "cannot be read" in _refused(folder).diagnostic.message


# -- the manifest ---------------------------------------------------------------------------------


def test_a_deeply_nested_manifest(tmp_path: Path) -> None:
    deep = (f'{{"format": "{PACKAGE_FORMAT}", "version": 1, "training": '
            f'{"[" * 100_000}{"]" * 100_000}}}')
    diagnostic = _refused(_package(tmp_path / "deep.lexsubpkg", manifest=deep)).diagnostic
    assert diagnostic.code == "bad-manifest" and "nested too deeply" in diagnostic.message
    assert diagnostic.path.endswith("deep.lexsubpkg!manifest.json")


def test_an_oversized_manifest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(annotator_package, "MAX_MANIFEST_BYTES", 50)
    diagnostic = _refused(_package(tmp_path / "fat.lexsubpkg")).diagnostic
    assert diagnostic.code == "package-member-too-large"
    assert diagnostic.path.endswith("fat.lexsubpkg!manifest.json")


def test_a_version_of_5000_digits(tmp_path: Path) -> None:
    manifest = f'{{"format": "{PACKAGE_FORMAT}", "version": {"9" * 5000}}}'
    diagnostic = _refused(_package(tmp_path / "v.lexsubpkg", manifest=manifest)).diagnostic
    assert diagnostic.code == "bad-manifest" and "5,000 digits" in diagnostic.message
    assert len(diagnostic.message) < 200


@pytest.mark.parametrize(("changes", "words"), [
    ({"show_pos": "false"}, '"show_pos" must be true or false, got a string ("false")'),
    ({"version": True}, "version must be a positive integer, got true"),
    ({"title": ["Round"]}, '"title" must be a string, got a list'),
    ({"annotator": 7}, '"annotator" must be a string, got 7'),
    ({"annotator": "Ann\tLee"}, "control character (U+0009)"),
    ({"annotator": "   "}, "only spaces"),
    ({"guidelines": True}, '"guidelines" must name a member'),
    ({"training": {"warm.a": "t1"}}, '"training" must be a list, got an object'),
])
def test_manifest_keys_of_the_wrong_type_are_refused(tmp_path: Path, changes: dict[str, object],
                                                     words: str) -> None:
    path = _package(tmp_path / "typed.lexsubpkg", manifest=_manifest(**changes))
    diagnostic = _refused(path).diagnostic
    assert diagnostic.code == "bad-manifest"
    assert words in diagnostic.message


def test_a_key_given_twice_in_the_manifest(tmp_path: Path) -> None:
    manifest = _manifest()[:-1] + ', "show_pos": true}'
    diagnostic = _refused(_package(tmp_path / "k.lexsubpkg", manifest=manifest)).diagnostic
    assert 'gives "show_pos" twice' in diagnostic.message


def test_training_entries_of_the_wrong_shape_are_reported_and_left_out(tmp_path: Path) -> None:
    entries = [{"lexelt": "warm.a", "id": "t1", "substitutes": "cosy"},
               {"lexelt": "warm.a", "id": "t1", "substitutes": ["cosy", 3]},
               {"lexelt": "warm.a", "id": 1},
               {"lexelt": "warm.a", "id": "t1", "note": {"text": "x"}},
               {"lexelt": "warm.a", "id": "t1", "substitutes": ["cosy"]}]
    path = _zip(tmp_path / "t.lexsubpkg", [("manifest.json", _manifest(training=entries,
                                                                        guidelines=None)),
                                            ("corpus.xml", CORPUS_XML),
                                            ("training.xml", TRAINING_XML)])
    result = read_package(path)
    messages = [d.message for d in result.diagnostics]
    assert [m.split(" ", 3)[2] for m in messages] == ["1", "2", "3", "4"]
    assert "not a list of strings" in messages[0] and "not a list of strings" in messages[1]
    assert [r.substitutes for r in result.package.references.values()] == [("cosy",)]


# -- names and titles, refused when the package is made -------------------------------------------


def _corpus() -> Corpus:
    return Corpus([Lexelt("bright.a", [Instance("1", "A bright day .", 2, 8)])])


@pytest.mark.parametrize("name", ["  ", "Ann\x00", "Ann\u2028Lee", "Ann\x85"])
def test_write_package_refuses_names_it_could_not_read_back(tmp_path: Path, name: str) -> None:
    with pytest.raises(PackageContentError, match="cannot be used"):
        write_package(AnnotatorPackage("Round", name, _corpus()), tmp_path / "p.lexsubpkg")
    assert not (tmp_path / "p.lexsubpkg").exists()


def test_write_package_refuses_a_member_its_reader_would_refuse(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(annotator_package, "MAX_GUIDELINES_BYTES", 10)
    with pytest.raises(PackageContentError, match=r"guidelines\.md would be"):
        write_package(AnnotatorPackage("Round", "Ann", _corpus(), "# A longer page"),
                      tmp_path / "p.lexsubpkg")


@pytest.mark.parametrize("spec", ["amira,bru\tno", "amira,bruno\x1b", "amira,\u2029bruno"])
def test_parse_annotators_refuses_control_characters(spec: str) -> None:
    with pytest.raises(ValueError, match=r"control character|separator"):
        parse_annotators(spec)


@pytest.mark.parametrize(("spec", "words"), [("9" * 5000, "at most 1,000"),
                                              ("1001", "at most 1,000"),
                                              ("000", "at least 1")])
def test_parse_annotators_refuses_counts_it_cannot_make(spec: str, words: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_annotators(spec)
    assert str(caught.value) == f"the number of annotators must be {words}"


# -- sharing out: memory linear in the annotators --------------------------------------------------


def _assign_with_a_full_table(keys: list[tuple[str, str]], annotators: list[str],
                              per_instance: int, seed: int) -> dict[str, list[tuple[str, str]]]:
    """The assignment as its definition states it (campaign's docstring), with a full table of
    the pairs: slow and square in memory, but plainly right."""
    rng = random.Random(seed)
    count = len(annotators)
    load = [0] * count
    shared = [[0] * count for _ in range(count)]
    chosen_for: list[list[int]] = [[] for _ in keys]
    order = list(range(len(keys)))
    rng.shuffle(order)
    for position in order:
        tiebreak = [rng.random() for _ in range(count)]
        chosen: list[int] = []
        for _ in range(per_instance):
            candidates = [a for a in range(count) if a not in chosen]
            chosen.append(min(candidates, key=lambda a: (
                load[a], sum(shared[a][c] for c in chosen), tiebreak[a])))
        for a in chosen:
            load[a] += 1
            for b in chosen:
                if a != b:
                    shared[a][b] += 1
        chosen_for[position] = chosen
    result: dict[str, list[tuple[str, str]]] = {name: [] for name in annotators}
    for position, key in enumerate(keys):
        for a in sorted(chosen_for[position]):
            result[annotators[a]].append(key)
    return result


@settings(max_examples=40, deadline=None)
@given(instances=st.integers(1, 30), annotators=st.integers(1, 9), data=st.data())
def test_assignment_is_the_one_its_definition_gives(instances: int, annotators: int,
                                                    data: st.DataObject) -> None:
    per_instance = data.draw(st.integers(1, annotators))
    seed = data.draw(st.integers(0, 2**32))
    keys = [("lex.n", str(n)) for n in range(instances)]
    names = [f"a{n}" for n in range(annotators)]
    assert assign(keys, names, per_instance, seed) == _assign_with_a_full_table(
        keys, names, per_instance, seed)


def test_assignment_memory_grows_linearly_with_the_annotators() -> None:
    keys = [("lex.n", str(n)) for n in range(20)]

    def peak(count: int) -> int:
        names = [f"annotator{n}" for n in range(count)]
        tracemalloc.start()
        assign(keys, names, 3, seed=1)
        peak_bytes = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return peak_bytes

    small, large = peak(500), peak(4000)
    # Eight times the annotators: a square table would take 64 times the memory (some 130 MB
    # here); the assignment takes about eight times, and stays under a few megabytes.
    assert large < 12 * small
    assert large < 8 << 20


# -- the command line ------------------------------------------------------------------------------


def test_packages_check_on_a_damaged_package_is_one_line(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "round"
    folder.mkdir()
    path = _package(folder / "ann.lexsubpkg", compression=zipfile.ZIP_STORED)
    path.write_bytes(path.read_bytes().replace(b"<head>bright", b"<head>brighT", 1))
    responses = tmp_path / "r.tsv"
    responses.write_text("", encoding="utf-8")
    assert main(["packages", "check", str(folder), str(responses)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [f"lexsub: {path}!corpus.xml: error: this member's checksum does "
                                "not match its content; the package is damaged"]


def test_packages_make_with_guidelines_not_in_utf8(demo_dir: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    guidelines = tmp_path / "guide.md"
    guidelines.write_bytes("# Guide\n\nUn caf\u00e9 .\n".encode("latin-1"))
    code = main(["packages", "make", str(demo_dir / "demo.xml"), "--annotators", "2",
                 "--per-instance", "1", "--seed", "1", "--guidelines", str(guidelines),
                 "-o", str(tmp_path / "out")])
    assert code == 2
    err = capsys.readouterr().err
    assert err.strip() == (f"lexsub: {guidelines}:3:7: error: the guidelines are not UTF-8 text "
                           "(byte 0xe9 here); save them as UTF-8")
    assert not (tmp_path / "out").exists()


def test_guidelines_file_larger_than_a_package_holds(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(annotator_package, "MAX_GUIDELINES_BYTES", 10)
    path = tmp_path / "long.md"
    path.write_text("# A page longer than ten bytes\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_guidelines_file(path)
    assert caught.value.diagnostic.code == "guidelines-too-large"
