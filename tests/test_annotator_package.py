"""The annotator package: write -> read round trip, versions, bad files, and opening sources."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from lexsub_studio.core.annotation.package import (
    PACKAGE_FORMAT,
    PACKAGE_VERSION,
    AnnotatorPackage,
    TrainingReference,
    load_annotation_source,
    read_package,
    write_package,
)
from lexsub_studio.core.model.data import Corpus, Instance, Lexelt
from lexsub_studio.core.model.diagnostics import InputError


def _corpus(item: str, ids: list[str]) -> Corpus:
    text = "The room was bright and warm ."
    return Corpus([Lexelt(item, [Instance(i, text, 13, 19) for i in ids])])


def _package(**changes: object) -> AnnotatorPackage:
    values: dict[str, object] = dict(
        title="Pilot round 2", annotator="Ann Lee", corpus=_corpus("bright.a", ["1", "2"]),
        guidelines="# Our guidelines\n\nBe brief.", guidelines_format="markdown",
        training=_corpus("warm.a", ["t1"]),
        references={("warm.a", "t1"): TrainingReference("warm.a", "t1", ("cosy", "snug"), "",
                                                        "Either fits.")},
        show_pos=True)
    values.update(changes)
    return AnnotatorPackage(**values)  # type: ignore[arg-type]


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "pilot.lexsubpkg"
    write_package(_package(), path)
    result = read_package(path)
    package = result.package
    assert list(result.diagnostics) == []
    assert (package.title, package.annotator, package.show_pos) == ("Pilot round 2", "Ann Lee",
                                                                    True)
    assert package.guidelines == "# Our guidelines\n\nBe brief."
    assert package.guidelines_format == "markdown"
    assert [(lx.item, [(i.id, i.head) for i in lx.instances]) for lx in package.corpus.lexelts] \
        == [("bright.a", [("1", "bright"), ("2", "bright")])]
    assert package.training is not None
    assert package.references == {("warm.a", "t1"): TrainingReference(
        "warm.a", "t1", ("cosy", "snug"), "", "Either fits.")}
    assert len(result.digest) == 16


def test_manifest_is_versioned_json(tmp_path: Path) -> None:
    path = tmp_path / "p.lexsubpkg"
    write_package(_package(guidelines="<p>hi</p>", guidelines_format="html"), path)
    with zipfile.ZipFile(path) as archive:
        manifest = json.loads(archive.read("manifest.json"))
        assert sorted(archive.namelist()) == ["corpus.xml", "guidelines.html", "manifest.json",
                                              "training.xml"]
    assert manifest["format"] == PACKAGE_FORMAT
    assert manifest["version"] == PACKAGE_VERSION == 1
    assert manifest["guidelines"] == "guidelines.html"
    assert read_package(path).package.guidelines_format == "html"


def test_digest_ignores_guidelines_but_not_instances(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.lexsubpkg", tmp_path / "b.lexsubpkg", tmp_path / "c.lexsubpkg"
    write_package(_package(), a)
    write_package(_package(guidelines="# New wording"), b)
    write_package(_package(corpus=_corpus("bright.a", ["1", "2", "3"])), c)
    # New guidelines keep the annotator's store; a different corpus gets its own.
    assert read_package(a).digest == read_package(b).digest
    assert read_package(a).digest != read_package(c).digest


def test_references_must_name_training_instances() -> None:
    bad = _package(references={("bright.a", "1"): TrainingReference("bright.a", "1", ("x",))})
    with pytest.raises(ValueError, match="not in the training corpus"):
        write_package(bad, "/nonexistent/never-written.lexsubpkg")


def _zip(path: Path, members: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in members.items():
            archive.writestr(name, text)
    return path


CORPUS_XML = ('<?xml version="1.0" encoding="utf-8"?>\n<corpus lang="english">\n'
              '<lexelt item="bright.a">\n<instance id="1">\n'
              '<context>A <head>bright</head> day .</context>\n</instance>\n</lexelt>\n</corpus>\n')


def test_newer_package_version_is_refused(tmp_path: Path) -> None:
    manifest = json.dumps({"format": PACKAGE_FORMAT, "version": PACKAGE_VERSION + 1})
    path = _zip(tmp_path / "new.lexsubpkg", {"manifest.json": manifest, "corpus.xml": CORPUS_XML})
    with pytest.raises(InputError) as caught:
        read_package(path)
    assert caught.value.diagnostic.code == "package-too-new"
    assert "newer version" in caught.value.diagnostic.message


def test_broken_manifest_names_line_and_column(tmp_path: Path) -> None:
    path = _zip(tmp_path / "bad.lexsubpkg", {"manifest.json": '{\n  "format": oops\n}',
                                              "corpus.xml": CORPUS_XML})
    with pytest.raises(InputError) as caught:
        read_package(path)
    diagnostic = caught.value.diagnostic
    assert diagnostic.code == "bad-manifest"
    assert (diagnostic.line, diagnostic.column) == (2, 13)
    assert diagnostic.path == f"{path}!manifest.json"


@pytest.mark.parametrize(("members", "message"), [
    ({"corpus.xml": CORPUS_XML}, "no manifest.json"),
    ({"manifest.json": json.dumps({"format": PACKAGE_FORMAT, "version": 1})}, "no corpus.xml"),
    ({"manifest.json": json.dumps({"format": "something else", "version": 1}),
      "corpus.xml": CORPUS_XML}, "does not say"),
])
def test_incomplete_packages_are_refused(tmp_path: Path, members: dict[str, str],
                                         message: str) -> None:
    with pytest.raises(InputError, match=message):
        read_package(_zip(tmp_path / "x.lexsubpkg", members))


def test_a_file_that_is_not_a_zip(tmp_path: Path) -> None:
    path = tmp_path / "x.lexsubpkg"
    path.write_text("hello", encoding="utf-8")
    with pytest.raises(InputError, match="ZIP file was expected"):
        read_package(path)


def test_bad_training_entries_are_reported_and_ignored(tmp_path: Path) -> None:
    manifest = json.dumps({"format": PACKAGE_FORMAT, "version": 1, "guidelines": "guide.md",
                           "training": [{"lexelt": "bright.a"},
                                        {"lexelt": "bright.a", "id": "42"}]})
    path = _zip(tmp_path / "t.lexsubpkg", {"manifest.json": manifest, "corpus.xml": CORPUS_XML,
                                            "training.xml": CORPUS_XML})
    result = read_package(path)
    assert [(d.code, d.severity.value) for d in result.diagnostics] == [
        ("missing-guidelines", "warning"), ("bad-training", "error"), ("bad-training", "error")]
    assert result.package.references == {}


def test_load_source_puts_training_items_first(tmp_path: Path) -> None:
    path = tmp_path / "pilot.lexsubpkg"
    write_package(_package(), path)
    source = load_annotation_source(path)
    assert source.is_package
    assert source.annotator == "Ann Lee"
    assert [(item.key, item.training) for item in source.items] == [
        (("warm.a", "t1"), True), (("bright.a", "1"), False), (("bright.a", "2"), False)]


def test_load_source_of_a_corpus_file(tmp_path: Path) -> None:
    path = tmp_path / "tiny.xml"
    path.write_text(CORPUS_XML, encoding="utf-8")
    source = load_annotation_source(path)
    assert (source.title, source.is_package, source.annotator) == ("tiny", False, None)
    assert [(item.key, item.instance.head) for item in source.items] == [
        (("bright.a", "1"), "bright")]


def test_load_source_of_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        load_annotation_source(tmp_path / "nope.xml")
    assert caught.value.diagnostic.code == "not-found"


# -- the team campaign a package belongs to -------------------------------------------------------

def test_a_campaign_package_names_its_server_and_never_a_password(tmp_path: Path) -> None:
    from lexsub_studio.core.annotation.package_manifest import PackageCampaign, package_campaign

    campaign = package_campaign(
        "postgresql://boss:hush-7@db.example.org:5433/camps?sslmode=require", "part1")
    path = tmp_path / "c.lexsubpkg"
    write_package(_package(campaign=campaign), path)
    with zipfile.ZipFile(path) as archive:
        text = archive.read("manifest.json").decode("utf-8")
    assert "hush-7" not in text and "boss" not in text
    assert json.loads(text)["campaign"] == {
        "url": "postgresql://db.example.org:5433/camps?sslmode=require", "name": "part1"}
    expected = PackageCampaign("postgresql://db.example.org:5433/camps?sslmode=require", "part1")
    assert read_package(path).package.campaign == expected
    assert load_annotation_source(path).campaign == expected
    plain = tmp_path / "plain.lexsubpkg"
    write_package(_package(), plain)
    with zipfile.ZipFile(plain) as archive:
        assert json.loads(archive.read("manifest.json"))["campaign"] is None
    assert read_package(plain).package.campaign is None


@pytest.mark.parametrize(("campaign", "said"), [
    ("postgresql://db/camps", '"campaign" must be an object or null, got a string'),
    ({"url": 5432, "name": "part1"}, '"campaign" needs a "url" that is a non-empty string'),
    ({"url": "postgresql://db/camps"}, '"campaign" needs a "name" that is a non-empty string'),
    ({"url": "https://db.example.org/camps", "name": "part1"}, "this is not a campaign URL"),
    ({"url": "postgresql://ann:s3cret-word@db/camps", "name": "part1"},
     "campaign URL holds a user or a password"),
    ({"url": "postgresql://db/camps?password=s3cret-word", "name": "part1"},
     "campaign URL holds a user or a password"),
    ({"url": "postgresql://db/camps", "name": "part\n1"}, "campaign name cannot be used"),
])
def test_a_bad_campaign_field_is_refused_in_a_sentence(campaign: object, said: str) -> None:
    from lexsub_studio.core.annotation.package_manifest import parse_manifest

    manifest = {"format": PACKAGE_FORMAT, "version": 1, "title": "t", "campaign": campaign}
    with pytest.raises(InputError) as caught:
        parse_manifest(json.dumps(manifest).encode(), "p.lexsubpkg!manifest.json")
    message = str(caught.value.diagnostic)
    assert said in message
    assert "s3cret-word" not in message
    assert "p.lexsubpkg!manifest.json" in message


def test_opening_a_campaign_package_offers_to_join_until_joined() -> None:
    from lexsub_studio.core.annotation.campaign.link import CampaignLink, join_offer, save_link

    url = "postgresql://db.example.org:5433/camps?sslmode=require"
    offer = join_offer(url, "part1", "Ann Lee")
    assert offer is not None
    assert "'part1' on db.example.org:5433/camps" in offer
    assert "lexsub campaign join INVITATION" in offer and "--annotator Ann Lee" in offer
    save_link(CampaignLink("postgresql://ann_role@db.example.org:5433/camps", "part1",
                           "Ann Lee", "ann_role", "pw", "", ""))
    assert join_offer(url, "part1", "Ann Lee") is None
    assert join_offer(url, "part2", "Ann Lee") is not None
