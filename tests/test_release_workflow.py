""".github/workflows/release.yml cannot run here: it is read as YAML and every file, Makefile
target and job it relies on is checked to exist, so that a tag does not find it broken."""

from __future__ import annotations

import fnmatch
import re
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

yaml = pytest.importorskip("yaml", reason="PyYAML comes with the test extra")

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
BUILDS = ("python-dist", "linux-bundle", "windows-bundle", "macos-bundle")


@pytest.fixture(scope="module")
def workflow() -> dict[Any, Any]:
    loaded = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def _steps(workflow: dict[Any, Any]) -> list[dict[str, Any]]:
    return [step for job in workflow["jobs"].values() for step in job["steps"]]


def _commands(workflow: dict[Any, Any]) -> list[str]:
    return [" ".join(step["run"].split()) for step in _steps(workflow) if "run" in step]


def test_the_workflow_runs_on_version_tags_only(workflow: dict[Any, Any]) -> None:
    # YAML 1.1 reads the key `on` as true.
    triggers = workflow.get("on", workflow.get(True))
    assert triggers == {"push": {"tags": ["v*"]}}


def test_each_download_is_built_then_attached_to_the_release(workflow: dict[Any, Any]) -> None:
    jobs = workflow["jobs"]
    assert set(jobs) == {*BUILDS, "release"}
    uploaded = set()
    for name in BUILDS:
        uploads = [step for step in jobs[name]["steps"]
                   if step.get("uses", "").startswith("actions/upload-artifact@")]
        assert len(uploads) == 1, name
        uploaded.add(uploads[0]["with"]["name"])
    assert uploaded == set(BUILDS)
    release = jobs["release"]
    assert set(release["needs"]) == set(BUILDS)
    assert release["permissions"] == {"contents": "write"}
    assert workflow["permissions"] == {"contents": "read"}
    assert any("gh release create" in step.get("run", "") for step in release["steps"])


def test_every_action_is_pinned_to_a_major_version(workflow: dict[Any, Any]) -> None:
    actions = [step["uses"] for step in _steps(workflow) if "uses" in step]
    assert actions and all(re.fullmatch(r"actions/[a-z-]+@v\d+", uses) for uses in actions)


def test_the_files_and_make_targets_it_names_exist(workflow: dict[Any, Any]) -> None:
    commands = _commands(workflow)
    named = {path.rstrip(".,;'\"") for command in commands
             for path in re.findall(r"packaging/[\w./-]+", command)}
    assert "packaging/lexsub-studio-windows.spec" in named
    for path in named:
        assert (ROOT / path).exists(), path
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = {word for command in commands if command.startswith("make ")
               for word in shlex.split(command)[1:] if not word.startswith("-")}
    assert targets == {"release-bundle"}
    for target in targets:
        assert re.search(rf"^{re.escape(target)}:", makefile, re.MULTILINE), target
    # The desktop archive holds what install-desktop.sh reads beside itself.
    archive = next(command for command in commands if "lexsub-studio-desktop-" in command)
    members = shlex.split(archive.split(" -C packaging ", 1)[1])
    for member in members:
        assert (ROOT / "packaging" / member).exists(), member


def test_the_bundles_prove_themselves_with_the_self_test(workflow: dict[Any, Any]) -> None:
    jobs = workflow["jobs"]
    for name in ("linux-bundle", "windows-bundle", "macos-bundle"):
        runs = [step.get("run", "") for step in jobs[name]["steps"]]
        assert any(run.rstrip().endswith("--self-test") for run in runs), name
    assert workflow["env"]["QT_QPA_PLATFORM"] == "offscreen"


def test_the_wheel_job_checks_the_tag_against_the_version_and_twine(
        workflow: dict[Any, Any]) -> None:
    commands = " ".join(step.get("run", "") for step in workflow["jobs"]["python-dist"]["steps"])
    assert "python -m build" in commands and "twine check --strict dist/*" in commands
    assert '"v$version" = "$GITHUB_REF_NAME"' in commands


def test_the_linux_job_uploads_the_archive_make_bundle_writes(workflow: dict[Any, Any]) -> None:
    upload = next(step for step in workflow["jobs"]["linux-bundle"]["steps"]
                  if step.get("uses", "").startswith("actions/upload-artifact@"))
    patterns = upload["with"]["path"].split()
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    archive = re.search(r"-cJf (dist/lexsub-studio-\$\(VERSION\)-linux-.+?\.tar\.xz)", makefile)
    assert archive is not None
    written = archive.group(1).replace("$(VERSION)", "0.1.0").replace("$(shell uname -m)",
                                                                     "x86_64")
    assert any(fnmatch.fnmatchcase(written, pattern) for pattern in patterns), patterns
    assert any(fnmatch.fnmatchcase("dist/lexsub-studio-desktop-0.1.0.tar.gz", pattern)
               for pattern in patterns)


def test_the_linux_job_builds_for_the_oldest_c_library_supported(
        workflow: dict[Any, Any]) -> None:
    job = workflow["jobs"]["linux-bundle"]
    assert any(step.get("run") == "make release-bundle" for step in job["steps"])
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\nrelease-bundle:", 1)[1].split("\n\n", 1)[0]
    assert "$(RELEASE_MAKE) bundle" in recipe
    assert "LEXSUB_BUNDLE_GLIBC=$(RELEASE_GLIBC) " in makefile
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import bundle_linux
    finally:
        sys.path.remove(str(ROOT / "packaging"))
    floor = ".".join(map(str, bundle_linux.RELEASE_GLIBC))
    assert re.search(rf"^RELEASE_GLIBC := {re.escape(floor)}$", makefile, re.MULTILINE)
    assert "packaging/build_python.sh" in makefile
